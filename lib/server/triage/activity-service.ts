import "server-only";
import type { ActivityFilters, ActivityFormat, ActivityPage } from "@/lib/shared/triage/audit";
import type { Analyst } from "@/lib/server/auth/session";
import { visibleKeys } from "@/lib/server/deployments/scope";
import { readActivity } from "./activity";
import { activityExport } from "./activity-export";
import { withDb, nowOf, type TriageContext } from "./pipeline";

// The activity page's use cases (GET /api/activity, its export, and the page's first read): the
// deployments the analyst may see, the console's database opened (503 index_unavailable where it
// cannot be), then the trail's read (./activity.ts) or its streamed file (./activity-export.ts).

/** One page of the trail the analyst may see. */
export function activityOf(
  analyst: Analyst,
  filters: ActivityFilters,
  context: TriageContext = {},
): Promise<ActivityPage> {
  return withDb(
    context,
    (db) => readActivity(db, { visible: visibleKeys(analyst) }, filters),
    "The team's activity",
  );
}

export interface ActivityDownload {
  filters: ActivityFilters;
  format: ActivityFormat;
  origin: string;
  signal: AbortSignal;
}

/** The trail the analyst may see, as a file streamed a page at a time. */
export function activityDownload(
  analyst: Analyst,
  download: ActivityDownload,
  context: TriageContext = {},
): Promise<Response> {
  return withDb(
    context,
    async (db) =>
      activityExport(db, {
        ...download,
        reader: { visible: visibleKeys(analyst) },
        now: nowOf(context),
      }),
    "The team's activity",
  );
}
