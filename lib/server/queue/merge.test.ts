import { describe, expect, it } from "vitest";
import {
  T0,
  alarms,
  key,
  keys,
  newestFirst,
  nextToEnd,
  previousToTop,
  prng,
  spread,
  ties,
  uneven,
  upstream,
  uuid,
  viaUrl,
  type Page,
  type Read,
} from "@/test/all-upstream";
import { readAllPage, type QueueCursor, type SourceQuery } from "./merge";

// The list of every deployment against in-memory upstreams that behave like USM Anywhere (test/merged-
// upstream.ts). What is asserted is what a user paging with Next and Previous would see, and
// what the upstream is asked.

describe("readAllPage", () => {
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
    let page = await readAllPage({ deployments, size, cursor: null, read: counting });
    for (let i = 0; i < 4; i++) {
      perPage.push([]);
      page = await readAllPage({ deployments, size, cursor: page.older, read: counting });
    }
    for (let i = 0; i < 3; i++) {
      perPage.push([]);
      page = await readAllPage({ deployments, size, cursor: page.newer, read: counting });
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
    await readAllPage({ deployments: Object.keys(data), size: 10, cursor: null, read: slow });
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

    const first = await readAllPage({ deployments, size, cursor: null, read: flaky });
    const second = await readAllPage({ deployments, size, cursor: first.older, read: flaky });
    down = true;
    const third = await readAllPage({ deployments, size, cursor: second.older, read: flaky });
    down = false;

    expect(third.failures).toEqual([{ deployment: "globex", error: outage }]);
    // The others go on as if globex had no alarms left to show.
    const shown = new Set(keys([first, second]));
    const othersNext = expected
      .filter((k) => !shown.has(k) && !k.startsWith("globex/"))
      .slice(0, size);
    expect(keys([third])).toEqual(othersNext);
    // Previous from there shows the second page again, globex's alarms included.
    const again = await readAllPage({ deployments, size, cursor: third.newer, read: flaky });
    expect(keys([again])).toEqual(keys([second]));

    // Next once globex answers: the alarms it missed come first, then everything once.
    const missed = expected.slice(2 * size, 3 * size).filter((k) => k.startsWith("globex/"));
    expect(missed.length).toBeGreaterThan(0);
    const rest = [third];
    while (rest.at(-1)!.older) {
      const cursor = viaUrl(rest.at(-1)!.older!);
      rest.push(await readAllPage({ deployments, size, cursor, read: flaky }));
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
    const pages = [await readAllPage({ deployments, size, cursor: null, read: flaky })];
    while (pages.at(-1)!.older) {
      // Down from the second page to the eleventh: its backlog then fills whole pages.
      down = pages.length < 11;
      const cursor = viaUrl(pages.at(-1)!.older!);
      pages.push(await readAllPage({ deployments, size, cursor, read: flaky }));
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
      page = await readAllPage({ deployments, size, cursor: viaUrl(page.newer), read: flaky });
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
    const page = await readAllPage({ deployments: ["acme"], size: 10, cursor, read: counting });
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
    const page = await readAllPage({
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
    const first = await readAllPage({ deployments, size: 10, cursor: null, read });
    const second = await readAllPage({ deployments, size: 10, cursor: first.older, read });
    // The user switches to pages of 20, then presses Previous: 10 alarms lie above.
    const top = await readAllPage({ deployments, size: 20, cursor: second.newer, read });
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
    const first = await readAllPage({
      deployments: ["acme"],
      size: 2,
      cursor: null,
      read: thinning,
    });
    expect(first.alarms).toHaveLength(2);
    expect(first.older).not.toBeNull();
    const second = await readAllPage({
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
    const page = await readAllPage({
      deployments: ["acme", "constructor"],
      size: 20,
      cursor,
      read,
    });
    expect(keys([page])).toEqual(newestFirst(data));
    expect(page.older).toBeNull();
  });
});
