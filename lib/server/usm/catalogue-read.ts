import "server-only";
import { DEFAULT_QUERY, type AlarmListQuery, type SortField } from "@/lib/shared/alarms/query";
import type { AlarmCatalogue, AlarmPage, AlarmSummary } from "@/lib/shared/alarms/types";
import { readAlarmPage, type UsmCall } from "./alarms";
import type { Shared } from "@/lib/server/store/shared-reads";
import type { UsmClient } from "./client";

// The catalogue's typed operation: the deployment's known rule values and sensors, seeded from a
// first sample of alarms the first time it is asked for (./catalogue.ts keeps and shares it).

const SAMPLE_SIZE = 100;
/** The newest alarms: the values analysts meet first. */
const NEWEST_PAGES = 3;
/** Pages at these fractions of the time order too: rules that fired weeks ago, not lately. */
const SPREAD = [1 / 4, 1 / 2, 3 / 4];
/**
 * The oldest alarms (the documented sort, ascending), and both ends of the rule orders: values
 * that may not occur among the newest at all. Only `timestamp_occured` is a documented sort
 * upstream: a sort that is refused, or ignored (the page comes back in another order), is
 * replaced by one more page of the newest.
 */
const ORDERS: AlarmListQuery["sort"][] = [
  { field: "timestamp_occured", direction: "asc" },
  { field: "rule_strategy", direction: "asc" },
  { field: "rule_strategy", direction: "desc" },
  { field: "rule_method", direction: "asc" },
  { field: "rule_method", direction: "desc" },
];

/**
 * The alarms of the first sample: pages of 100 in two waves. The first reads the newest pages
 * and the ends of the orders at once; the second, once the first has told how many pages there
 * are, pages spread over the time order, and the newest pages that replace refused sorts. At most
 * 16 reads (8 + 8), each as long as one read can take. Throws when the newest pages fail.
 */
async function readFirstSample(client: UsmClient): Promise<AlarmSummary[]> {
  // The console's own reads, in the budget's catalogue class: beside the analysts', in turn.
  const read = async (query: AlarmListQuery) =>
    (
      await readAlarmPage(query, { analyst: "(catalogue)", client }, { budget: "catalogue" })
    ).value();
  const newest = (page: number): AlarmListQuery => ({ ...DEFAULT_QUERY, page, size: SAMPLE_SIZE });

  const first = await Promise.allSettled([
    ...Array.from({ length: NEWEST_PAGES }, (_, page) => read(newest(page))),
    ...ORDERS.map((sort) => read({ ...DEFAULT_QUERY, size: SAMPLE_SIZE, sort })),
  ]);
  const pages: AlarmPage[] = [];
  let replaced = 0;
  first.forEach((result, index) => {
    const sort = ORDERS[index - NEWEST_PAGES];
    if (result.status === "rejected") {
      if (!sort) throw result.reason; // the newest pages are the sample: retried later
      replaced++;
    } else if (sort && !isSortedBy(result.value, sort)) {
      replaced++; // the upstream ignored the sort: the page is the newest page again
    } else {
      pages.push(result.value);
    }
  });

  const totalPages = pages[0]?.page.totalPages ?? 0;
  const spread = SPREAD.map((at) => Math.floor(totalPages * at));
  const deeper = Array.from({ length: replaced }, (_, n) => NEWEST_PAGES + n);
  const second = [...new Set([...spread, ...deeper])].filter(
    (page) => page >= NEWEST_PAGES && page < totalPages - 1, // the last page is the oldest one
  );
  // Best effort: what the first wave brought is a sample already.
  for (const result of await Promise.allSettled(second.map((page) => read(newest(page))))) {
    if (result.status === "fulfilled") pages.push(result.value);
  }
  return pages.flatMap((page) => page.alarms);
}

const RULE_FIELD: Partial<Record<SortField, "intent" | "strategy" | "method">> = {
  rule_intent: "intent",
  rule_strategy: "strategy",
  rule_method: "method",
};

/**
 * Whether the page is in the order asked for (alarms without the field aside), by code unit (as
 * the simulator sorts) or case-insensitively (as a collating database may).
 */
function isSortedBy(page: AlarmPage, sort: AlarmListQuery["sort"]): boolean {
  const field = RULE_FIELD[sort.field];
  if (!field) return true;
  const values = page.alarms.flatMap((alarm) => alarm.rule[field] ?? []);
  const inOrder = (key: (value: string) => string) =>
    values.every((value, i) => {
      if (i === 0) return true;
      const [a, b] = [key(values[i - 1]!), key(value)];
      return sort.direction === "asc" ? a <= b : a >= b;
    });
  return inOrder((value) => value) || inOrder((value) => value.toLowerCase());
}

/**
 * The deployment's catalogue, ranked (most often seen first, ties by name), serialised once per
 * change. Seeds it first if it never was; never throws for a failed sample (the values known are
 * answered), only for a store that does not answer.
 */
export async function readCatalogue({ client }: UsmCall): Promise<Shared<AlarmCatalogue>> {
  await seedCatalogue(client);
  return client.catalogue.read();
}

/** Seeds the deployment's catalogue if it never was (once for the cluster), reading nothing back. */
export function seedCatalogue(client: UsmClient): Promise<void> {
  return client.catalogue.seed(() => readFirstSample(client));
}
