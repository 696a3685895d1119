// The index bench's views of many alarms (bench/index-bench.ts runs them on each engine): groups
// by one field and by three, several values of a filter with exact counts, and the overview.
import { groupAlarms } from "@/lib/server/search/groups";
import { indexedOverviewPart } from "@/lib/server/search/overview";
import { OVERVIEW_PARTS } from "../lib/shared/overview/plan";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { readIndex } from "@/lib/server/search/read-index";
import { searchAlarmPage } from "@/lib/server/search/search";
import { DEFAULT_QUERY, type AlarmFilters, type AlarmListQuery } from "../lib/shared/alarms/query";
import type { GroupField } from "../lib/shared/alarms/groups";
import type { Engine } from "../lib/server/db";
import { RULES } from "../simulator/taxonomy";
import { CORPUS_NOW, type benchDatabase } from "./index-build";
import { userName } from "./index-corpus";
import { DAY, row, RUNS, time } from "./index-timing";

/**
 * One field, then three (a multi-valued one among them), over 7 days of one deployment; and a
 * search's few alarms over all time, by address (the side rows read by the alarms' keys).
 */
const GROUPINGS: {
  fields: GroupField[];
  targets: [number, number];
  search?: (n: number) => string;
}[] = [
  { fields: ["strategy"], targets: [300, 600] },
  { fields: ["src_ip"], targets: [300, 600] },
  { fields: ["user"], targets: [300, 600] },
  { fields: ["strategy", "method", "priority"], targets: [600, 1_200] },
  { fields: ["strategy", "src_ip", "status"], targets: [600, 1_200] },
  { fields: ["src_ip"], targets: [300, 600], search: (n) => `user:${userName(n * 29)}` },
];

export async function benchGroups(
  database: Awaited<ReturnType<typeof benchDatabase>>["database"],
  engine: Engine,
): Promise<void> {
  const runs = RUNS / 2;
  for (const { fields, targets, search } of GROUPINGS) {
    const times: number[] = [];
    let groups = 0;
    let alarms = 0;
    let most = 0;
    for (let n = 0; n < runs; n++) {
      // The window ends a few minutes apart each run, as rolling ranges do.
      const lte = CORPUS_NOW - n * 300_000;
      const q = search?.(n);
      const parsed = q === undefined ? null : parseSearch(q);
      if (parsed && !parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
      const query: AlarmListQuery = {
        ...DEFAULT_QUERY,
        size: 50,
        filters: search ? {} : { timestamp_occured_gte: lte - 7 * DAY, timestamp_occured_lte: lte },
      };
      const request = {
        allowed: ["acme", "globex"],
        deployments: ["acme"],
        search: parsed?.query ?? null,
        query,
        group: fields,
      };
      times.push(
        await time(async () => {
          const page = await readIndex(database, (tx) => groupAlarms(tx, request, CORPUS_NOW), {
            analyst: null,
          });
          groups = page.page.totalElements;
          alarms = page.alarms;
          most = Math.max(most, alarms);
        }),
      );
    }
    const name = `group by ${fields.join(", ")} (${search ? "a user's alarms, all time" : "7 days"})`;
    console.log(row(name, times, targets[engine === "postgres" ? 0 : 1]));
    console.log(
      `    ${alarms.toLocaleString("en")} alarms in ${groups.toLocaleString("en")} groups` +
        (most > alarms ? ` (the largest view: ${most.toLocaleString("en")} alarms)` : ""),
    );
  }
}

/**
 * Several values of a filter (the upstream filters by one, so the index answers): a list page
 * with its exact count (filters alone are counted whole, no cap), first pages and a deep one.
 */
export async function benchSeveral(
  database: Awaited<ReturnType<typeof benchDatabase>>["database"],
): Promise<void> {
  const strategies = [...new Set(RULES.map((rule) => rule.strategy))];
  const cases: {
    name: string;
    query: (n: number, lte: number) => Pick<AlarmListQuery, "filters" | "sort" | "page">;
  }[] = [
    {
      name: "open or in review, all time, newest first",
      query: (n) => ({
        filters: { status: ["open", "in_review"] },
        sort: DEFAULT_QUERY.sort,
        page: n % 4 === 3 ? 400 : n % 4,
      }),
    },
    {
      name: "high or medium, 7 days, by priority",
      query: (n, lte) => ({
        filters: {
          priority_label: ["high", "medium"],
          timestamp_occured_gte: lte - 7 * DAY,
          timestamp_occured_lte: lte,
        },
        sort: { field: "priority", direction: "desc" },
        page: n % 3,
      }),
    },
    {
      name: "two strategies and two statuses, 30 days",
      query: (n, lte) => ({
        filters: {
          rule_strategy: [
            strategies[n % strategies.length]!,
            strategies[(n + 3) % strategies.length]!,
          ],
          status: ["open", "closed"],
          timestamp_occured_gte: lte - 30 * DAY,
          timestamp_occured_lte: lte,
        },
        sort: DEFAULT_QUERY.sort,
        page: 0,
      }),
    },
  ];
  for (const { name, query } of cases) {
    const times: number[] = [];
    let total = 0;
    for (let n = 0; n < RUNS / 2; n++) {
      const lte = CORPUS_NOW - n * 300_000;
      const request = {
        allowed: ["acme", "globex"],
        deployments: ["acme"],
        search: null,
        query: { ...DEFAULT_QUERY, size: 50 as const, ...query(n, lte) },
      };
      times.push(
        await time(async () => {
          const page = await readIndex(database, (tx) => searchAlarmPage(tx, request, CORPUS_NOW), {
            analyst: null,
          });
          total = page.page.totalElements;
        }),
      );
    }
    console.log(row(`several values: ${name}`, times));
    console.log(`    ${total.toLocaleString("en")} alarms, counted exactly`);
  }
}

/**
 * The overview of a deployment held whole, from the index (no upstream call): its four sections
 * (priority, status, intent counts and the histogram), one after another, for a day, a week, a
 * month and all time.
 */
export async function benchOverview(
  database: Awaited<ReturnType<typeof benchDatabase>>["database"],
): Promise<void> {
  const source = { kind: "index" as const, indexedUpTo: CORPUS_NOW };
  const spans: [string, number | null][] = [
    ["a day", DAY],
    ["7 days", 7 * DAY],
    ["30 days", 30 * DAY],
    ["all time", null],
  ];
  for (const [name, span] of spans) {
    const times: number[] = [];
    for (let n = 0; n < RUNS / 4; n++) {
      const lte = CORPUS_NOW - n * 300_000;
      const filters: AlarmFilters =
        span === null ? {} : { timestamp_occured_gte: lte - span, timestamp_occured_lte: lte };
      const query: AlarmListQuery = { ...DEFAULT_QUERY, filters };
      times.push(
        await time(() =>
          readIndex(
            database,
            async (tx) => {
              for (const part of OVERVIEW_PARTS) {
                await indexedOverviewPart(tx, ["acme"], part, query, CORPUS_NOW, source);
              }
            },
            { analyst: null },
          ),
        ),
      );
    }
    console.log(row(`overview from the index, 4 sections (${name})`, times));
  }
}
