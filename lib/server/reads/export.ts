import "server-only";
import type { ConsoleDatabase } from "@/lib/server/db";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import { freezeQuery } from "@/lib/server/export/input";
import type { IndexRead } from "@/lib/server/export/index-pages";
import { countExport, type ExportView } from "@/lib/server/search/export-read";
import { indexGaps } from "@/lib/server/mirror/gaps";
import { indexDatabase, readIndex } from "@/lib/server/search/read-index";
import { readable } from "@/lib/server/search/search-where";
import { indexStatuses } from "@/lib/server/mirror/sync";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { ListView } from "@/lib/shared/alarms/view";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import type { ExportPlan } from "@/lib/shared/export/contract";
import { readSearch } from "./index-read";
import { chooseSource, type ReadScope } from "./policy";
import type { ScopeFor } from "@/lib/server/deployments/scope";

// An export's reads of a view, from where READ_RULES says: a deployment's plain view from its
// upstream (lib/server/export streams it), a view the upstream cannot answer and the queue of
// several from the index, which answers 503 index_unavailable saying why when this process has
// none or its server is gone.

/** What the exports of the index read with (tests hand these in). */
export interface IndexContext {
  /** Default: this process's database. */
  database?: ConsoleDatabase;
  /** Alarms per read (default INDEX_EXPORT_PAGE_SIZE). */
  pageSize?: number;
  /** The index's status of each deployment (default: this server's sync's). */
  statuses?: (deployments: readonly string[]) => Promise<Map<string, IndexStatus>>;
}

/** Where an export of `view` reads from (a refusal thrown). */
export function exportSource(view: ListView, scope: ReadScope): "index" | "upstream" {
  const choice = chooseSource({ kind: "export", scope, query: view.query });
  if (choice.source === "refused") throw choice.error;
  return choice.source;
}

/**
 * Each read of the index in its own transaction, in `analyst`'s turn; a server gone is 503
 * index_unavailable.
 */
function indexReader(database: ConsoleDatabase, analyst: string | null): IndexRead {
  return async (work) => {
    try {
      return await readIndex(database, work, { analyst });
    } catch (error) {
      throw asIndexUnavailable(error);
    }
  };
}

/** The view as the index reads it: its search parsed (400 on `q` first), the index open (503). */
export async function indexExport(
  view: ListView,
  { analyst, ...scope }: ScopeFor,
  now: number,
  index: IndexContext,
): Promise<{ read: IndexRead; view: ExportView }> {
  const search = view.query.q === undefined ? null : readSearch(view.query.q, analyst);
  const database = index.database ?? (await indexDatabase());
  const exported: ExportView = { ...scope, search, query: freezeQuery(view.query, now) };
  return { read: indexReader(database, analyst), view: exported };
}

/** The bounds an export of the frozen `query` holds. */
export const exportBounds = (query: AlarmListQuery) => ({
  gte: query.filters.timestamp_occured_gte ?? null,
  lte: query.filters.timestamp_occured_lte!,
});

/** How many alarms an export of `view` from the index holds (up to `cap`), and what it lacks. */
export async function indexExportPlan(
  view: ListView,
  scope: ScopeFor,
  { now, cap, index }: { now: number; cap: number; index: IndexContext },
): Promise<ExportPlan> {
  const found = await indexExport(view, scope, now, index);
  const total = await found.read((db) => countExport(db, found.view, cap));
  // A search is counted up to the cap and one more: "more than the cap".
  const lowerBound = found.view.search !== null && total > cap;
  // Never silently missing: the deployments the index does not hold whole over the view's range.
  const keys = readable(scope);
  const bounds = exportBounds(found.view.query);
  const gaps = indexGaps(keys, await (index.statuses ?? indexStatuses)(keys), bounds);
  return {
    total,
    cap,
    ...bounds,
    source: "index",
    ...(lowerBound ? { totalIsLowerBound: true } : {}),
    ...(gaps.length > 0 ? { missing: gaps.map((gap) => gap.deployment) } : {}),
  };
}
