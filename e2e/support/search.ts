import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { alarmPageSchema } from "@/lib/server/core/shapes";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { simulatorAlarms, type UpstreamAlarm } from "./simulator-api";

// The search as the specs drive it: what a simulator holds (every alarm, read as the upstream
// gives it), what a search of it must find worked out from that, and the console's answers once
// its index has caught up (the sync reads each deployment in the background: a spec waits for
// the count it expects, within a bound, rather than for a fixed time).

/** How long the index may take to hold a deployment's whole past (backfill, then following). */
const INDEX_WAIT_MS = 120_000;

/** Every alarm a simulator holds (its generated data never changes during the run). */
export async function everyAlarm(baseUrl: string): Promise<UpstreamAlarm[]> {
  const all: UpstreamAlarm[] = [];
  for (let page = 0; ; page++) {
    const { alarms, totalElements } = await simulatorAlarms(baseUrl, { page, size: 1000 });
    all.push(...alarms);
    if (alarms.length === 0 || all.length >= totalElements) return all;
  }
}

/** An alarm's addresses, either side. */
export const addressesOf = (alarm: UpstreamAlarm) => [
  ...(alarm.alarm_sources ?? []),
  ...(alarm.alarm_destinations ?? []),
];

/** An alarm's user names, either side, as the search reads them (any case). */
export const usersOf = (alarm: UpstreamAlarm) =>
  [alarm.source_username, alarm.destination_username].flatMap((user) =>
    user ? [user.toLowerCase()] : [],
  );

/** Whether an IPv4 `address` lies in `cidr` (the generated data has no IPv6). */
export function inCidr(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split("/") as [string, string];
  const number = (ip: string) => ip.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(address)) return false;
  const size = 2 ** (32 - Number(bits));
  return Math.floor(number(address) / size) === Math.floor(number(base) / size);
}

/** The uuids of `alarms` in the order a search lists them: newest first, then by id. */
export function newestFirst(alarms: UpstreamAlarm[]): string[] {
  return [...alarms]
    .sort(
      (a, b) =>
        Number(b.timestamp_occured) - Number(a.timestamp_occured) ||
        (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0),
    )
    .map((alarm) => alarm.uuid);
}

/** GET `path` until `count(body)` is `count` (the index has caught up), within a bound. */
async function whenIndexed<T>(
  request: APIRequestContext,
  path: string,
  count: number,
  read: (body: unknown) => { page: T; count: number | undefined },
): Promise<T> {
  let page: T | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(path);
        if (response.status() !== 200) return `status ${response.status()}`;
        const answer = read(await response.json());
        page = answer.page;
        return answer.count;
      },
      { message: `${path} finds ${count} alarms`, timeout: INDEX_WAIT_MS, intervals: [1_000] },
    )
    .toBe(count);
  return page!;
}

/** A deployment's search page (`query`: the list's parameters besides q), once it finds `count`. */
export function searchWhenIndexed(
  request: APIRequestContext,
  q: string,
  count: number,
  query = "size=100",
): Promise<AlarmPage> {
  const path = `/api/d/acme/alarms?q=${encodeURIComponent(q)}&${query}`;
  return whenIndexed(request, path, count, (body) => {
    const page = alarmPageSchema.parse(body);
    return { page, count: page.page.totalElements };
  });
}

/** The list of every deployment's search page, once it finds `count` in all. */
export function allSearchWhenIndexed(
  request: APIRequestContext,
  q: string,
  count: number,
): Promise<AllListPage> {
  const path = `/api/d/all/alarms?q=${encodeURIComponent(q)}&size=100`;
  return whenIndexed(request, path, count, (body) => {
    const page = body as AllListPage;
    return { page, count: page.paging === "pages" ? page.page.totalElements : page.matches?.count };
  });
}

/** The list's search box. */
export const searchBox = (page: Page) =>
  page.getByRole("search", { name: "Search alarms" }).getByRole("combobox");

/**
 * The queue of every deployment's first page once the index holds them all whole (numbered pages,
 * nothing missing, `count` alarms): the sync reads them in the background after the app starts.
 */
export async function queueWhenIndexed(
  request: APIRequestContext,
  count: number,
  query = "size=20",
): Promise<AllListPage> {
  let answer: AllListPage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/d/all/alarms?${query}`);
        if (response.status() !== 200) return `status ${response.status()}`;
        answer = (await response.json()) as AllListPage;
        if (answer.paging !== "pages") return "paged by time";
        if (answer.gaps.length > 0) return `gaps in ${answer.gaps.map((gap) => gap.deployment)}`;
        return answer.page.totalElements;
      },
      { message: `the queue holds ${count} alarms`, timeout: INDEX_WAIT_MS, intervals: [1_000] },
    )
    .toBe(count);
  return answer!;
}
