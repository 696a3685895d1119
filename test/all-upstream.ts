// For the list of every deployment's tests only: in-memory upstreams that behave like USM Anywhere (inclusive
// time bounds, sorted by time only, alarms sharing a millisecond in an arbitrary order that is
// stable per direction, zero-based pages, totalElements), and the pages a user would walk.
import { decodeCursor, encodeCursor } from "@/lib/server/queue/cursor";
import {
  readAllPage,
  type AllPage,
  type QueueAlarm,
  type QueueCursor,
  type SourceQuery,
  type SourceReader,
} from "@/lib/server/queue/merge";
import { Rng } from "@/simulator/prng";

export type Data = Record<string, QueueAlarm[]>;

/** Uniform numbers in [0, 1) from `seed`: the simulator's own generator. */
export function prng(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.float();
}

export function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const T0 = 1_700_000_000_000;

/** `count` alarms at the given times (cycled), or at distinct times spread over a day. */
export function alarms(random: () => number, count: number, times?: number[]): QueueAlarm[] {
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

export function upstream(data: Data, seed = 7) {
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

export const key = (alarm: QueueAlarm & { deployment: string }) =>
  `${alarm.deployment}/${alarm.uuid}`;

/** Every alarm in the global order, newest first: time, then deployment, then uuid. */
export function newestFirst(data: Data): string[] {
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
export const viaUrl = (cursor: QueueCursor) => decodeCursor(encodeCursor(cursor));

export type Page = AllPage<QueueAlarm>;
export type Read = SourceReader<QueueAlarm>;

export async function nextToEnd(read: Read, deployments: string[], size: number): Promise<Page[]> {
  const pages = [await readAllPage({ deployments, size, cursor: null, read })];
  while (pages.at(-1)!.older) {
    const cursor = viaUrl(pages.at(-1)!.older!);
    pages.push(await readAllPage({ deployments, size, cursor, read }));
    if (pages.length > 5_000) throw new Error("Next never ends");
  }
  return pages;
}

export async function previousToTop(read: Read, deployments: string[], size: number, from: Page) {
  const pages: Page[] = [];
  for (let page = from; page.newer;) {
    page = await readAllPage({ deployments, size, cursor: viaUrl(page.newer), read });
    pages.push(page);
    if (pages.length > 5_000) throw new Error("Previous never ends");
  }
  return pages;
}

export const keys = (pages: Page[]) => pages.flatMap((page) => page.alarms.map(key));

export const spread = (): Data => {
  const random = prng(1);
  return {
    acme: alarms(random, 120),
    globex: alarms(random, 80),
    initech: alarms(random, 100),
  };
};

// More alarms in one millisecond than a page holds, and the same milliseconds across deployments.
export const ties = (): Data => {
  const random = prng(2);
  const shared = [T0, T0 - 1, T0 - 5, T0 - 1_000];
  return {
    acme: [...alarms(random, 45, [T0 - 5]), ...alarms(random, 30, shared)],
    globex: [...alarms(random, 25, [T0 - 5]), ...alarms(random, 12, shared)],
    initech: alarms(random, 40, shared),
  };
};

export const uneven = (): Data => {
  const random = prng(3);
  return { big: alarms(random, 500), small: alarms(random, 3), empty: [] };
};
