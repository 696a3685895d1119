import { beforeEach, describe, expect, it } from "vitest";
import { readIndex } from "@/lib/server/search/read-index";
import { ingestAlarms, type IndexedAlarm } from "@/lib/server/mirror/ingest";
import type { ExportView } from "@/lib/server/search/export-read";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { searchAlarmPage } from "@/lib/server/search/search";
import { MemoryStore } from "@/lib/server/store/memory";
import { DEFAULT_QUERY, type AlarmListQuery, type SortField } from "@/lib/shared/alarms/query";
import { describeEachEngine } from "@/test/index-db";
import { csvRows } from "@/test/export-support";
import { indexedAlarm } from "@/test/indexed-alarm";
import { indexExportBatches, type IndexExportOptions, type IndexRead } from "./index-pages";
import { startExport } from "./stream";

// An export read from the index, on both engines, against the list's own pages: for a search,
// several values of a filter, every sort (nullable columns both ways) and two deployments, the
// file holds exactly the rows the list's pages show, in their order, each once; alarms indexed
// while it runs never shift it and none that occurred after its start gets in; the cap; and a
// deployment the analyst may not see never appears.

/** The newest alarm's time; the export starts a minute later. */
const T = 1_764_000_000_000;
const START = T + 60_000;
const STRATEGIES = ["Alpha Strategy", "beta strategy", null, "Gamma"] as const;
const STATUSES = ["open", "in_review", "closed", null] as const;

/** `n` alarms of `deployment`: ties in every column (pairs share an instant), nulls in some. */
function corpusOf(deployment: string, n: number): IndexedAlarm[] {
  return Array.from({ length: n }, (_, i) =>
    indexedAlarm(
      {
        deployment,
        occurredAt: T - Math.floor(i / 2) * 1000,
        receivedAt: i % 5 === 0 ? null : T - (i % 17) * 1000,
        priority: 20 + (i % 8) * 10,
        priorityLabel: i % 2 === 0 ? "high" : "low",
        status: STATUSES[i % 4]!,
        sourceUsername: i % 4 === 1 ? "alice" : null,
        rule: { strategy: STRATEGIES[i % 4]!, method: `Method ${i % 3}` },
      },
      { rawText: i % 3 === 1 ? "cmd.exe powershell -enc" : "quiet" },
    ),
  );
}

const SORTS: [SortField, "asc" | "desc"][] = [
  ["timestamp_occured", "desc"],
  ["timestamp_occured", "asc"],
  ["priority", "desc"],
  ["priority", "asc"],
  ["rule_strategy", "asc"],
  ["rule_strategy", "desc"],
  ["timestamp_received", "asc"],
  ["timestamp_received", "desc"],
  ["status", "desc"],
];

describe("a stream of batches", () => {
  it("goes on past a batch with nothing new in it (a pull that enqueues nothing would hang)", async () => {
    const [a, b] = corpusOf("acme", 2).map((alarm) => alarm.summary);
    async function* source() {
      yield { alarms: [a!], total: 2 };
      yield { alarms: [], total: 2 };
      yield { alarms: [], total: 2 };
      yield { alarms: [b!], total: 2 };
      yield { alarms: [], total: 2 };
    }
    const response = await startExport({
      analyst: "local:alice",
      deployment: "acme",
      store: new MemoryStore(),
      query: { ...DEFAULT_QUERY, filters: { timestamp_occured_lte: START } },
      search: "",
      zone: "UTC",
      format: "ndjson",
      id: "empty-batches-1",
      cap: 100,
      signal: new AbortController().signal,
      startedAt: START,
      source,
    });
    const lines = (await response.text()).trimEnd().split("\n");
    expect(lines.map((line) => (JSON.parse(line) as { uuid: string }).uuid)).toEqual([
      a!.uuid,
      b!.uuid,
    ]);
  });
});

describeEachEngine("An export from the index", ({ database }) => {
  beforeEach(async () => {
    const { db } = database();
    await ingestAlarms(db, "acme", corpusOf("acme", 160), 1);
    // Beta's alarms share acme's instants: the order breaks those ties by deployment.
    await ingestAlarms(db, "beta", corpusOf("beta", 140), 1);
    await ingestAlarms(db, "hidden", corpusOf("hidden", 40), 1);
  });

  function viewOf(
    query: Partial<AlarmListQuery>,
    { allowed = ["acme", "beta"], deployments = ["acme", "beta"] } = {},
  ): ExportView {
    const parsed = query.q === undefined ? null : parseSearch(query.q);
    if (parsed && !parsed.ok) throw new Error(parsed.problem.message);
    const filters = { ...query.filters, timestamp_occured_lte: START };
    return {
      allowed,
      deployments,
      search: parsed?.query ?? null,
      query: { ...DEFAULT_QUERY, ...query, filters },
    };
  }

  /** Every row of every page of the list's own read, in its order. */
  async function listed(view: ExportView): Promise<string[]> {
    const rows: string[] = [];
    for (let page = 0; ; page++) {
      const answer = await searchAlarmPage(
        database().db,
        { ...view, query: { ...view.query, page, size: 100 } },
        START,
      );
      rows.push(...answer.alarms.map((alarm) => `${alarm.deployment}/${alarm.uuid}`));
      if (page + 1 >= answer.page.totalPages) return rows;
    }
  }

  const read: IndexRead = (work) => readIndex(database(), work, { analyst: "tester" });
  const options = (view: ExportView, more: Partial<IndexExportOptions> = {}) => ({
    read,
    view,
    cap: 100_000,
    signal: new AbortController().signal,
    pageSize: 7,
    ...more,
  });

  async function exported(view: ExportView, more: Partial<IndexExportOptions> = {}) {
    const rows: string[] = [];
    let total = -1;
    for await (const batch of indexExportBatches(options(view, more))) {
      total = batch.total;
      rows.push(...batch.alarms.map((alarm) => `${alarm.deployment}/${alarm.uuid}`));
    }
    return { rows, total };
  }

  it.each([
    ["a search", { q: "powershell OR user:alice" }],
    ["several values of a filter", { filters: { status: ["open", "in_review"] } }],
    ["a search with several values", { q: "powershell", filters: { priority_label: ["high"] } }],
    ["every alarm", {}],
  ] as [string, Partial<AlarmListQuery>][])(
    "writes %s over two deployments exactly as the list's pages show it, in every order",
    async (_, query) => {
      for (const [field, direction] of SORTS) {
        const view = viewOf({ ...query, sort: { field, direction } });
        const list = await listed(view);
        expect(list.length, `${field},${direction}`).toBeGreaterThan(30);
        expect(new Set(list.map((row) => row.split("/")[0]))).toEqual(new Set(["acme", "beta"]));
        const { rows, total } = await exported(view);
        expect(rows, `${field},${direction}`).toEqual(list);
        expect(new Set(rows).size).toBe(rows.length);
        expect(total).toBe(list.length);
      }
    },
  );

  it("writes pages larger than the list's whole, and in the default size", async () => {
    const view = viewOf({ sort: { field: "rule_strategy", direction: "desc" } });
    const list = await listed(view);
    expect(list).toHaveLength(300);
    // PGlite reads no more than ~260 documents' keys in one statement correctly.
    expect((await exported(view, { pageSize: 300 })).rows).toEqual(list);
    expect((await exported(view, { pageSize: undefined })).rows).toEqual(list);
  });

  it("never shifts nor repeats a row for alarms indexed meanwhile, and keeps out the later ones", async () => {
    const view = viewOf({ q: "powershell" });
    const atStart = await listed(view);
    const later: string[] = [];
    const passed: string[] = [];
    const ahead: string[] = [];
    const { rows } = await exported(view, {
      pageSize: 10,
      beforeRead: async (reads) => {
        const { db } = database();
        const raw = { rawText: "powershell again" };
        // After the export's start; among the rows already written; beyond the last row.
        const after = indexedAlarm({ deployment: "acme", occurredAt: START + reads * 1000 }, raw);
        const among = indexedAlarm({ deployment: "acme", occurredAt: T + 1000 + reads }, raw);
        const beyond = indexedAlarm({ deployment: "beta", occurredAt: T - 1e8 - reads }, raw);
        await ingestAlarms(db, "acme", [after, among], 2);
        await ingestAlarms(db, "beta", [beyond], 2);
        later.push(`acme/${after.summary.uuid}`);
        passed.push(`acme/${among.summary.uuid}`);
        ahead.push(`beta/${beyond.summary.uuid}`);
      },
    });
    expect(later.length).toBeGreaterThan(3);
    // The rows the list showed at the start, then those indexed beyond the last row written (each
    // page reads the index as it stands then), oldest last; nothing else.
    expect(rows).toEqual([...atStart, ...ahead]);
    for (const row of [...later, ...passed]) expect(rows).not.toContain(row);
  });

  it("stops at the cap, counting a search up to it and one more", async () => {
    const sort = { field: "priority", direction: "desc" } as const;
    const view = viewOf({ q: "powershell OR user:alice", sort });
    const list = await listed(view);
    expect((await exported(view, { cap: 40 })).total).toBe(41);
    const several = viewOf({ filters: { status: ["open", "closed"] } });
    expect((await exported(several, { cap: 40 })).total).toBe((await listed(several)).length);

    const response = await startExport({
      analyst: "local:alice",
      deployment: "deployments-acme-beta",
      store: new MemoryStore(),
      query: view.query,
      search: "",
      zone: "UTC",
      format: "csv",
      id: "index-export-cap-1",
      cap: 40,
      signal: new AbortController().signal,
      startedAt: START,
      source: (signal) => indexExportBatches(options(view, { cap: 40, signal, pageSize: 15 })),
    });
    expect(response.headers.get("X-Export-Total")).toBe("40");
    expect(response.headers.get("X-Export-Capped")).toBe("true");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /filename="deployments-acme-beta-alarms-search-powershell-or-user-alice-by-priority-desc-\d{4}-\d\d-\d\dT\d{4}Z\.csv"/,
    );
    const rows = csvRows(await response.text());
    // Each row names its deployment.
    expect(rows.map((row) => `${row.deployment}/${row.uuid}`)).toEqual(list.slice(0, 40));
  });

  it("never reads a deployment the analyst may not see, whatever the view names", async () => {
    const named = { allowed: ["acme"], deployments: ["acme", "beta", "hidden"] };
    const views: Partial<AlarmListQuery>[] = [
      { q: "powershell" },
      { filters: { status: ["open", "closed"] } },
    ];
    for (const query of views) {
      const { rows, total } = await exported(viewOf(query, named));
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.every((row) => row.startsWith("acme/"))).toBe(true);
      expect(total).toBe(rows.length);
      const own = viewOf(query, { allowed: ["acme"], deployments: ["acme"] });
      expect(rows).toEqual(await listed(own));
      const hidden = viewOf(query, { allowed: ["acme"], deployments: ["hidden"] });
      expect(await exported(hidden)).toEqual({ rows: [], total: 0 });
    }
  });
});
