import { describe, expect, it } from "vitest";
import {
  decodeCursor,
  encodeCursor,
  readMergedPage,
  type MergedPage,
  type QueueAlarm,
  type QueueCursor,
  type SourceQuery,
  type SourceReader,
} from "./merge";

// The merged queue against in-memory upstreams that behave like USM Anywhere: inclusive time
// bounds, sorted by time only (alarms sharing a millisecond in an arbitrary order, stable per
// direction, shuffled by a seeded PRNG), zero-based pages, totalElements. What is asserted is
// what a user paging with Next and Previous would see, and what the upstream is asked.

type Data = Record<string, QueueAlarm[]>;

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const T0 = 1_700_000_000_000;

/** `count` alarms at the given times (cycled), or at distinct times spread over a day. */
function alarms(random: () => number, count: number, times?: number[]): QueueAlarm[] {
  const used = new Set<number>();
  return Array.from({ length: count }, (_, i) => {
    let occurredAt = times?.[i % times.length];
    while (occurredAt === undefined || (!times && used.has(occurredAt))) {
      occurredAt = T0 - Math.floor(random() * 86_400_000);
    }
    used.add(occurredAt);
    return { uuid: uuid(random), occurredAt };
  });
}

function upstream(data: Data, seed = 7) {
  const random = prng(seed);
  const shuffled = (list: QueueAlarm[]) =>
    list
      .map((alarm) => ({ alarm, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map(({ alarm }) => alarm);
  // Array.prototype.sort is stable: within a millisecond the shuffled order stays.
  const orders = new Map(
    Object.entries(data).map(([deployment, list]) => [
      deployment,
      {
        older: shuffled(list).sort((a, b) => b.occurredAt - a.occurredAt),
        newer: shuffled(list).sort((a, b) => a.occurredAt - b.occurredAt),
      },
    ]),
  );
  const calls: SourceQuery[] = [];
  const read: SourceReader<QueueAlarm> = async (query) => {
    calls.push(query);
    const { direction, boundMs, page, size } = query;
    const matching = orders
      .get(query.deployment)!
      [direction].filter(
        (alarm) =>
          boundMs === undefined ||
          (direction === "older" ? alarm.occurredAt <= boundMs : alarm.occurredAt >= boundMs),
      );
    return {
      alarms: matching.slice(page * size, (page + 1) * size).map((alarm) => ({ ...alarm })),
      totalElements: matching.length,
    };
  };
  /** A new alarm arriving upstream; sorting is stable, so the others keep their order. */
  const arrive = (deployment: string, alarm: QueueAlarm) => {
    const order = orders.get(deployment)!;
    order.older = [alarm, ...order.older].sort((a, b) => b.occurredAt - a.occurredAt);
    order.newer = [...order.newer, alarm].sort((a, b) => a.occurredAt - b.occurredAt);
  };
  return { read, calls, arrive };
}

const key = (alarm: QueueAlarm & { deployment: string }) => `${alarm.deployment}/${alarm.uuid}`;

/** Every alarm in the global order, newest first: time, then deployment, then uuid. */
function newestFirst(data: Data): string[] {
  return Object.entries(data)
    .flatMap(([deployment, list]) => list.map((alarm) => ({ ...alarm, deployment })))
    .sort(
      (a, b) =>
        b.occurredAt - a.occurredAt ||
        (a.deployment < b.deployment ? 1 : a.deployment > b.deployment ? -1 : 0) ||
        (a.uuid < b.uuid ? 1 : a.uuid > b.uuid ? -1 : 0),
    )
    .map(key);
}

/** A cursor as a link carries it. */
const viaUrl = (cursor: QueueCursor) => decodeCursor(encodeCursor(cursor));

type Page = MergedPage<QueueAlarm>;
type Read = SourceReader<QueueAlarm>;

async function nextToEnd(read: Read, deployments: string[], size: number): Promise<Page[]> {
  const pages = [await readMergedPage({ deployments, size, cursor: null, read })];
  while (pages.at(-1)!.older) {
    const cursor = viaUrl(pages.at(-1)!.older!);
    pages.push(await readMergedPage({ deployments, size, cursor, read }));
    if (pages.length > 5_000) throw new Error("Next never ends");
  }
  return pages;
}

async function previousToTop(read: Read, deployments: string[], size: number, from: Page) {
  const pages: Page[] = [];
  for (let page = from; page.newer;) {
    page = await readMergedPage({ deployments, size, cursor: viaUrl(page.newer), read });
    pages.push(page);
    if (pages.length > 5_000) throw new Error("Previous never ends");
  }
  return pages;
}

const keys = (pages: Page[]) => pages.flatMap((page) => page.alarms.map(key));

const spread = (): Data => {
  const random = prng(1);
  return {
    acme: alarms(random, 120),
    globex: alarms(random, 80),
    initech: alarms(random, 100),
  };
};

// More alarms in one millisecond than a page holds, and the same milliseconds across deployments.
const ties = (): Data => {
  const random = prng(2);
  const shared = [T0, T0 - 1, T0 - 5, T0 - 1_000];
  return {
    acme: [...alarms(random, 45, [T0 - 5]), ...alarms(random, 30, shared)],
    globex: [...alarms(random, 25, [T0 - 5]), ...alarms(random, 12, shared)],
    initech: alarms(random, 40, shared),
  };
};

const uneven = (): Data => {
  const random = prng(3);
  return { big: alarms(random, 500), small: alarms(random, 3), empty: [] };
};

describe("readMergedPage", () => {
  describe.each([
    ["spread over a day", spread],
    ["with heavy ties", ties],
    ["of very different sizes, one empty", uneven],
  ])("across deployments %s", (_, dataset) => {
    it.each([1, 7, 20])("pages Next to the end and Previous to the top, size %i", async (size) => {
      const data = dataset();
      const deployments = Object.keys(data);
      const { read } = upstream(data);
      const expected = newestFirst(data);

      const forward = await nextToEnd(read, deployments, size);
      expect(keys(forward)).toEqual(expected);
      expect(forward.map((page) => page.alarms.length)).toEqual(
        forward.map((_, i) => Math.min(size, expected.length - i * size)),
      );
      expect(forward[0]!.newer).toBeNull();
      expect(forward.every((page) => page.failures.length === 0)).toBe(true);

      const back = await previousToTop(read, deployments, size, forward.at(-1)!);
      expect(back.map((page) => page.alarms.map(key))).toEqual(
        forward
          .slice(0, -1)
          .reverse()
          .map((page) => page.alarms.map(key)),
      );
    });
  });

  it("asks each deployment for one page of about the page size when no time is shared", async () => {
    const data = spread();
    const deployments = Object.keys(data);
    const { read, calls } = upstream(data);
    const perPage: SourceQuery[][] = [[]];
    const counting: Read = async (query) => {
      perPage.at(-1)!.push(query);
      return read(query);
    };
    const size = 20;
    let page = await readMergedPage({ deployments, size, cursor: null, read: counting });
    for (let i = 0; i < 4; i++) {
      perPage.push([]);
      page = await readMergedPage({ deployments, size, cursor: page.older, read: counting });
    }
    for (let i = 0; i < 3; i++) {
      perPage.push([]);
      page = await readMergedPage({ deployments, size, cursor: page.newer, read: counting });
    }
    expect(calls.length).toBe(8 * deployments.length);
    for (const queries of perPage) {
      expect(queries.map((query) => query.deployment).sort()).toEqual(deployments);
      for (const query of queries) {
        expect(query.page).toBe(0);
        expect(query.size).toBeLessThanOrEqual(size + 2);
      }
    }
  });

  it("reads all deployments at once", async () => {
    const data = spread();
    const { read } = upstream(data);
    let inFlight = 0;
    let most = 0;
    const slow: Read = async (query) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight--;
      return read(query);
    };
    await readMergedPage({ deployments: Object.keys(data), size: 10, cursor: null, read: slow });
    expect(most).toBe(3);
  });

  it("shows a failed deployment's alarms later, losing none, and the others meanwhile", async () => {
    const data = spread();
    const deployments = Object.keys(data);
    const { read } = upstream(data);
    const expected = newestFirst(data);
    const outage = new Error("globex is unreachable");
    let down = false;
    const flaky: Read = async (query) => {
      if (down && query.deployment === "globex") throw outage;
      return read(query);
    };
    const size = 10;

    const first = await readMergedPage({ deployments, size, cursor: null, read: flaky });
    const second = await readMergedPage({ deployments, size, cursor: first.older, read: flaky });
    down = true;
    const third = await readMergedPage({ deployments, size, cursor: second.older, read: flaky });
    down = false;

    expect(third.failures).toEqual([{ deployment: "globex", error: outage }]);
    // The others go on as if globex had no alarms left to show.
    const shown = new Set(keys([first, second]));
    const othersNext = expected
      .filter((k) => !shown.has(k) && !k.startsWith("globex/"))
      .slice(0, size);
    expect(keys([third])).toEqual(othersNext);
    // Previous from there shows the second page again, globex's alarms included.
    const again = await readMergedPage({ deployments, size, cursor: third.newer, read: flaky });
    expect(keys([again])).toEqual(keys([second]));

    // Next once globex answers: the alarms it missed come first, then everything once.
    const missed = expected.slice(2 * size, 3 * size).filter((k) => k.startsWith("globex/"));
    expect(missed.length).toBeGreaterThan(0);
    const rest = [third];
    while (rest.at(-1)!.older) {
      const cursor = viaUrl(rest.at(-1)!.older!);
      rest.push(await readMergedPage({ deployments, size, cursor, read: flaky }));
    }
    expect(keys([rest[1]!]).slice(0, missed.length)).toEqual(missed);
    const all = keys([first, second, ...rest]);
    expect(all.length).toBe(expected.length);
    expect(new Set(all)).toEqual(new Set(expected));
  });

  it("lets a deployment down for pages catch up without showing the others twice", async () => {
    const data = spread();
    const deployments = Object.keys(data);
    const { read } = upstream(data);
    const expected = newestFirst(data);
    let down = false;
    const flaky: Read = async (query) => {
      if (down && query.deployment === "globex") throw new Error("globex is unreachable");
      return read(query);
    };
    const size = 5;
    const pages = [await readMergedPage({ deployments, size, cursor: null, read: flaky })];
    while (pages.at(-1)!.older) {
      // Down from the second page to the eleventh: its backlog then fills whole pages.
      down = pages.length < 11;
      const cursor = viaUrl(pages.at(-1)!.older!);
      pages.push(await readMergedPage({ deployments, size, cursor, read: flaky }));
    }
    expect(pages.slice(1, 11).every((page) => page.failures.length === 1)).toBe(true);
    expect(pages.slice(11, 13).flatMap((page) => page.alarms.map((a) => a.deployment))).toEqual(
      Array(10).fill("globex"),
    );
    const all = keys(pages);
    expect(all.length).toBe(expected.length);
    expect(new Set(all)).toEqual(new Set(expected));
  });

  it("lets a deployment down while going Previous catch up, losing nothing", async () => {
    const data = spread();
    const deployments = Object.keys(data);
    const { read } = upstream(data);
    const size = 5;
    const forward = await nextToEnd(read, deployments, size);
    let down = false;
    const flaky: Read = async (query) => {
      if (down && query.deployment === "globex") throw new Error("globex is unreachable");
      return read(query);
    };
    const back: Page[] = [];
    for (let page = forward.at(-1)!; page.newer;) {
      down = back.length < 10;
      page = await readMergedPage({ deployments, size, cursor: viaUrl(page.newer), read: flaky });
      back.push(page);
    }
    expect(back.slice(0, 10).every((page) => page.failures.length === 1)).toBe(true);
    // Every page but the top (the first page in full, when less than a page was left) is new.
    const seen = keys(back.slice(0, -1));
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set([...keys(back), ...keys(forward.slice(-1))])).toEqual(
      new Set(newestFirst(data)),
    );
  });

  it("does not read again a millisecond the cursor has shown whole", async () => {
    const random = prng(5);
    const data = { acme: [...alarms(random, 45, [T0]), ...alarms(random, 30)] };
    const { read, calls } = upstream(data);
    let returned = 0;
    const counting: Read = async (query) => {
      const page = await read(query);
      returned += page.alarms.length;
      return page;
    };
    const cursor: QueueCursor = { direction: "older", positions: { acme: [T0, ""] } };
    const page = await readMergedPage({ deployments: ["acme"], size: 10, cursor, read: counting });
    expect(keys([page])).toEqual(newestFirst(data).slice(45, 55));
    expect(calls).toEqual([
      { deployment: "acme", direction: "older", boundMs: T0 - 1, page: 0, size: 11 },
    ]);
    expect(returned).toBe(11);
  });

  it("shows nothing twice when alarms arrive while a page is read", async () => {
    const random = prng(6);
    const data = { acme: alarms(random, 12, [T0]) };
    const { read, arrive } = upstream(data);
    let arrived = false;
    const arriving: Read = async (query) => {
      const page = await read(query);
      // A page's worth arrives after the first read: the next page repeats it whole.
      if (!arrived) {
        for (let i = 0; i < 6; i++) arrive("acme", { uuid: uuid(random), occurredAt: T0 + 100 });
      }
      arrived = true;
      return page;
    };
    const page = await readMergedPage({
      deployments: ["acme"],
      size: 5,
      cursor: null,
      read: arriving,
    });
    expect(keys([page])).toEqual(newestFirst(data).slice(0, 5));
  });

  it("shows the first page in full when Previous finds less than a page above", async () => {
    const data = spread();
    const deployments = Object.keys(data);
    const { read } = upstream(data);
    const first = await readMergedPage({ deployments, size: 10, cursor: null, read });
    const second = await readMergedPage({ deployments, size: 10, cursor: first.older, read });
    // The user switches to pages of 20, then presses Previous: 10 alarms lie above.
    const top = await readMergedPage({ deployments, size: 20, cursor: second.newer, read });
    expect(keys([top])).toEqual(newestFirst(data).slice(0, 20));
    expect(top.newer).toBeNull();
    expect(top.older).not.toBeNull();
  });

  it("does not take a page the reader thinned (alarms it cannot place) for the last one", async () => {
    const random = prng(5);
    const data = { acme: alarms(random, 5) };
    const { read } = upstream(data);
    const unplaceable = newestFirst(data)[1]!.split("/")[1];
    // As merged-read does with an alarm that has no occurred time: left out, but counted.
    const thinning: typeof read = async (query) => {
      const page = await read(query);
      return {
        ...page,
        alarms: page.alarms.filter((alarm) => alarm.uuid !== unplaceable),
        returned: page.alarms.length,
      };
    };
    const first = await readMergedPage({
      deployments: ["acme"],
      size: 2,
      cursor: null,
      read: thinning,
    });
    expect(first.alarms).toHaveLength(2);
    expect(first.older).not.toBeNull();
    const second = await readMergedPage({
      deployments: ["acme"],
      size: 2,
      cursor: first.older,
      read: thinning,
    });
    expect(keys([first, second])).toEqual(
      newestFirst(data).filter((k) => !k.endsWith(unplaceable!)),
    );
  });

  it("starts a deployment missing from the cursor at its newest, even one named constructor", async () => {
    const random = prng(4);
    const data = { constructor: alarms(random, 5), acme: alarms(random, 5, [T0 - 86_400_000]) };
    const { read } = upstream(data);
    const cursor: QueueCursor = { direction: "older", positions: { acme: [T0, ""] } };
    const page = await readMergedPage({
      deployments: ["acme", "constructor"],
      size: 20,
      cursor,
      read,
    });
    expect(keys([page])).toEqual(newestFirst(data));
    expect(page.older).toBeNull();
  });
});

describe("cursors", () => {
  const raw = (value: unknown) =>
    Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

  it("survive a URL unchanged", () => {
    const cursor: QueueCursor = {
      direction: "newer",
      positions: {
        acme: [T0, "0b5e3c1a-2f4d-4e6b-8a9c-1d2e3f4a5b6c"],
        globex: [T0 - 1, ""],
        "initech-eu-2": [0, "~"],
      },
    };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ direction: "older", positions: {} }))).toEqual({
      direction: "older",
      positions: {},
    });
  });

  it("hold up to 200 deployments", () => {
    const positions = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`d${i}`, [T0, "~"]]));
    expect(decodeCursor(raw({ d: "o", p: positions(200) }))).not.toBeNull();
    expect(decodeCursor(raw({ d: "o", p: positions(201) }))).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["padded with =", "eyJkIjoibyIsInAiOnt9fQ=="],
    ["with a space", "eyJkIjoibyIs InAiOnt9fQ"],
    ["not JSON", raw("{d:o}")],
    ["not UTF-8", Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")],
    ["null", raw("null")],
    ["an array", raw([])],
    ["another direction", raw({ d: "x", p: {} })],
    ["an extra field", raw({ d: "o", p: {}, page: 2 })],
    ["an uppercase key", raw({ d: "o", p: { Acme: [T0, ""] } })],
    ["a key starting with a dash", raw({ d: "o", p: { "-acme": [T0, ""] } })],
    ["a key with an underscore", raw({ d: "o", p: { ac_me: [T0, ""] } })],
    ["a key of 64 characters", raw({ d: "o", p: { ["a".repeat(64)]: [T0, ""] } })],
    ["a negative time", raw({ d: "o", p: { acme: [-1, ""] } })],
    ["a fractional time", raw({ d: "o", p: { acme: [1.5, ""] } })],
    ["an unsafe time", raw({ d: "o", p: { acme: [2 ** 53, ""] } })],
    ["a time as text", raw({ d: "o", p: { acme: [String(T0), ""] } })],
    ["a uuid of 65 characters", raw({ d: "o", p: { acme: [T0, "a".repeat(65)] } })],
    ["a position of three", raw({ d: "o", p: { acme: [T0, "", 1] } })],
    ["over 16 KB", raw(`{"d":"o","p":{}${" ".repeat(16 * 1024)}}`)],
  ])("are refused: %s", (_, text) => {
    expect(decodeCursor(text)).toBeNull();
  });

  it("are never written in a form that would be refused", () => {
    expect(() =>
      encodeCursor({ direction: "older", positions: { "Big Corp": [T0, ""] } }),
    ).toThrow();
    expect(() => encodeCursor({ direction: "older", positions: { acme: [-1, ""] } })).toThrow();
  });
});
