import "server-only";
import type { NextRequest } from "next/server";
import type { ActivityPage } from "@/lib/shared/triage/audit";
import { activityDownload, activityOf } from "@/lib/server/triage/activity-service";
import { activityFiltersOrThrow, activityFormatOrThrow } from "@/lib/server/triage/activity-input";
import type { AnalystContext } from "@/lib/server/services/context";

// The request -> answer of the activity page's API (GET /api/activity and its export): the URL
// read by the page's own schema (400 naming a wrong parameter), then one use case of the trail.

/** GET /api/activity?<filters>&before: a page of the trail, newest first. */
export function activityPage(request: NextRequest, context: AnalystContext): Promise<ActivityPage> {
  const filters = activityFiltersOrThrow(request.nextUrl.searchParams);
  return activityOf(context.analyst, filters, {
    database: context.services.database,
    now: context.now,
  });
}

/** GET /api/activity/export?<filters>&format=csv|ndjson: the trail as a file, streamed. */
export function activityFile(request: NextRequest, context: AnalystContext): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const filters = activityFiltersOrThrow(params);
  const format = activityFormatOrThrow(params);
  const origin = context.services.env.auth.url ?? request.nextUrl.origin;
  return activityDownload(
    context.analyst,
    { filters, format, origin, signal: request.signal },
    { database: context.services.database, now: context.now },
  );
}
