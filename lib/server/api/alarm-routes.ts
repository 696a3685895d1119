import "server-only";
import { z } from "zod";
import { OVERVIEW_PARTS } from "@/lib/shared/overview/plan";
import { indexStatus, indexStatuses, refreshIndexedAlarm } from "@/lib/server/index/sync";
import { indexedOverviewPart } from "@/lib/server/index/overview";
import { readIndex } from "@/lib/server/index/read-index";
import { databaseState } from "@/lib/server/db";
import {
  DEFAULT_QUERY,
  parseAlarmListQuery,
  readsIndex,
  severalValued,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import {
  DIMENSION_FILTER,
  OVERVIEW_STEP_MS,
  baseFilters,
  type OverviewPart,
} from "@/lib/shared/overview/plan";
import { sharedStore } from "@/lib/server/store";
import type { OverviewSection } from "@/lib/shared/overview/types";
import { readOverviewPart } from "@/lib/server/overview/read";
import type { Deployment } from "@/lib/server/deployments/registry";
import { ApiError } from "@/lib/shared/core/errors";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import {
  fetchHealth,
  readAlarm,
  readAlarmPage,
  type UsmCall,
  readCatalogue,
} from "@/lib/server/usm";
import { JsonText } from "./route";
import { searchList, type IndexInput, type SearchScope } from "./search-routes";

// The request -> data logic of the browser's alarm and health API, without the session check
// (app/api/** wrap these in analystRoute), so tests can call them directly through respond().

/**
 * GET /api/d/{deployment}/alarms?page&size&sort&<filters>[&q]: one AlarmPage, or 400 naming the
 * wrong parameter. Without `q` from the upstream; with it (or several values of a filter, which
 * the upstream cannot filter by), a read of the index (`search`: whose
 * alarms the analyst may read, and the index to read in tests), saying so in its `source`.
 * `fresh` (the request said Cache-Control: no-cache; the live queue's Show) reads the upstream
 * anew instead of taking a page another analyst read a moment ago, which may lack the alarms
 * just announced. Still the analyst's own call, within their share.
 */
export async function alarmList(
  url: URL,
  call: UsmCall,
  fresh = false,
  search?: SearchScope & IndexInput,
): Promise<JsonText | AlarmPage> {
  const { query, problems } = parseAlarmListQuery(url.searchParams);
  const first = problems[0];
  if (first) {
    throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
      param: first.param,
    });
  }
  if (readsIndex(query)) {
    if (!search) throw new ApiError("internal", "A search needs the analyst's deployments.");
    return searchList(query, search, search);
  }
  return new JsonText((await readAlarmPage(query, call, { fresh })).json);
}

/**
 * GET /api/d/{deployment}/alarms/{uuid}: one AlarmDetail; 404 for an unknown id or one that is
 * not a uuid. The alarm as read refreshes its row of the index (in the background).
 */
export async function alarmDetail(uuid: string, call: UsmCall): Promise<JsonText> {
  const detail = await readAlarm(uuid, call);
  refreshIndexedAlarm(detail.value());
  return new JsonText(detail.json);
}

/**
 * The catalogue's answers may stay in the analyst's browser this long: it grows slowly, and a
 * list page that asks for it on every filter change then costs one request a minute.
 */
export const CATALOGUE_CACHE_CONTROL = "private, max-age=60";

/**
 * GET /api/d/{deployment}/alarms/catalogue: the rule intents, strategies and methods and the
 * sensors seen for the deployment, most often seen first (ties by name), and each strategy's
 * methods, for the list's filter suggestions.
 */
export async function alarmCatalogue(call: UsmCall): Promise<JsonText> {
  return new JsonText((await readCatalogue(call)).json);
}

/**
 * A section of the overview from the index, where it holds the deployment whole (its backfill
 * done, following the upstream): exact at any range, no upstream call. Null otherwise (another
 * process's index, a backfill under way, the sync behind or failed, the database gone), and the
 * upstream's counts answer as before.
 */
async function indexedSection(
  deployment: string,
  part: OverviewPart,
  query: AlarmListQuery,
  now: number,
): Promise<OverviewSection | null> {
  // Shared by every analyst and replica asking for the same view within the overview's step
  // (a rolling range is resolved on it): one statement a section, whoever asks. Only a section
  // the index answered is kept, so a view kept answers without reading the sync's state again.
  const base = toSearchParams({ ...DEFAULT_QUERY, filters: baseFilters(query.filters, now) });
  const key = `overview:index:${deployment}:${part}:${base}`;
  try {
    const cached = await sharedStore().get(key);
    if (cached !== null) return JSON.parse(cached) as OverviewSection;
    const status = await indexStatus(deployment);
    if (status.state !== "following") return null;
    const state = await databaseState();
    if (!state.ok) return null;
    const source = { kind: "index" as const, indexedUpTo: status.syncedAt };
    let reading = overviewsReading.get(key);
    if (!reading) {
      reading = readIndex(state.database, (tx) =>
        indexedOverviewPart(tx, deployment, part, query, now, source),
      ).finally(() => overviewsReading.delete(key));
      overviewsReading.set(key, reading);
    }
    const section = await reading;
    await sharedStore().set(key, JSON.stringify(section), OVERVIEW_STEP_MS);
    return section;
  } catch {
    return null; // the database (or the store) failed mid-read: the upstream's counts answer
  }
}

/** The index's overview sections being read in this process, by their shared key. */
const overviewsReading = new Map<string, Promise<OverviewSection>>();

/**
 * GET /api/d/{deployment}/health: whether the upstream answers, the token's expiry, the asker's
 * own queue.
 */
export function health(call: UsmCall) {
  return fetchHealth(call);
}

/**
 * GET /api/health: the same for every deployment the analyst may see, each with its answer or
 * its error in our shape (one failing deployment does not hide the others), and how far its
 * index is in step (lib/server/index/sync).
 */
export async function healthOfAll(deployments: readonly Deployment[], analyst: string) {
  const indexes = await indexStatuses(deployments.map((deployment) => deployment.key));
  return {
    deployments: await Promise.all(
      deployments.map(async (deployment) => {
        const about = {
          key: deployment.key,
          name: deployment.name,
          kind: deployment.kind,
          index: indexes.get(deployment.key)!,
        };
        try {
          return { ...about, health: await fetchHealth({ analyst, client: deployment.client() }) };
        } catch (error) {
          const apiError =
            error instanceof ApiError
              ? error
              : new ApiError("internal", "Something went wrong on our side.");
          return { ...about, ...apiError.toBody() };
        }
      }),
    ),
  };
}

const overviewPartSchema = z.enum(OVERVIEW_PARTS, {
  error: `part must be one of ${OVERVIEW_PARTS.join(", ")}`,
});

/**
 * A section counted by the upstream's `size=1` reads, each of one value per filter: a view with
 * several values of a filter is the index's to count, once it holds the deployment whole (but a
 * dimension's own filter, which its counts leave out).
 */
function upstreamSection(part: OverviewPart, query: AlarmListQuery, call: UsmCall) {
  const counted = { ...query.filters };
  if (part !== "histogram") delete counted[DIMENSION_FILTER[part]];
  const several = severalValued(counted);
  if (several !== undefined) {
    throw new ApiError(
      "index_unavailable",
      "Counted once the index holds this deployment whole: the upstream counts one value of a " +
        "filter at a time",
      { param: several },
    );
  }
  return readOverviewPart(part, query, call);
}

/**
 * GET /api/d/{deployment}/alarms/overview?part&<the list's query>: one section of the view's
 * overview (counts by priority, status or intent, or the histogram), or 400 naming the wrong
 * parameter. Its page, size and sort do not matter; its filters do.
 */
export async function alarmOverview(
  url: URL,
  call: UsmCall,
  signal?: AbortSignal,
  deployment?: string,
) {
  const parts = url.searchParams.getAll("part");
  const part = overviewPartSchema.safeParse(parts.length === 1 ? parts[0] : undefined);
  if (!part.success) {
    throw new ApiError("invalid_request", part.error.issues[0]!.message, { param: "part" });
  }
  const { query, problems } = parseAlarmListQuery(url.searchParams, ["part"]);
  const first = problems[0];
  if (first) {
    throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
      param: first.param,
    });
  }
  // The overview counts upstream, which cannot search: a count of another view would mislead.
  if (query.q !== undefined) {
    throw new ApiError("invalid_request", "q: the overview counts a list's filters, not a search", {
      param: "q",
    });
  }
  const now = (call.now ?? Date.now)();
  const section = (async () =>
    (deployment ? await indexedSection(deployment, part.data, query, now) : null) ??
    upstreamSection(part.data, query, call))();
  if (!signal) return section;
  // Left by the browser (the analyst moved on): answer at once, so the request stops holding
  // one of the analyst's places in the gate; its reads go on and fill the shared cache.
  return Promise.race([
    section,
    new Promise<{ left: true }>((resolve) => {
      if (signal.aborted) resolve({ left: true });
      signal.addEventListener("abort", () => resolve({ left: true }), { once: true });
    }),
  ]);
}
