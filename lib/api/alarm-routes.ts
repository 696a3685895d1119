import "server-only";
import { NextResponse } from "next/server";
import { parseAlarmListQuery } from "@/lib/alarms/query";
import { fetchAlarm, fetchAlarmPage, fetchHealth } from "@/lib/usm/alarms";
import type { UsmClient } from "@/lib/usm/client";
import { usmClient } from "@/lib/usm/default-client";
import { ApiError } from "@/lib/errors";
import { errorResponse } from "./respond";

// The request -> response logic of the browser's alarm and health API, without the session
// check (app/api/** wrap these in withAnalyst), so tests can call them directly.

/** Per-analyst data: no shared cache may keep it, no browser cache either. */
const PRIVATE = { "Cache-Control": "private, no-store" };

async function respond(route: string, work: () => Promise<unknown>): Promise<Response> {
  const started = performance.now();
  let response: Response;
  try {
    response = NextResponse.json(await work(), { headers: PRIVATE });
  } catch (error) {
    response = errorResponse(error, PRIVATE["Cache-Control"]);
    if (response.status >= 500) {
      // Route, status, code and duration only: never a message (it may quote upstream data).
      const code = error instanceof ApiError ? error.code : "internal";
      const ms = Math.round(performance.now() - started);
      console.warn(`[api] ${route} ${response.status} ${code} ${ms}ms`);
    }
  }
  return response;
}

/** GET /api/alarms?page&size&sort&<filters>: one AlarmPage, or 400 naming the wrong parameter. */
export function handleAlarmList(url: URL, client: UsmClient = usmClient()): Promise<Response> {
  return respond("GET /api/alarms", async () => {
    const { query, problems } = parseAlarmListQuery(url.searchParams);
    const first = problems[0];
    if (first) {
      throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
        param: first.param,
      });
    }
    return fetchAlarmPage(query, client);
  });
}

/** GET /api/alarms/{uuid}: one AlarmDetail; 404 for an unknown id or one that is not a uuid. */
export function handleAlarmDetail(uuid: string, client: UsmClient = usmClient()) {
  return respond("GET /api/alarms/[uuid]", () => fetchAlarm(uuid, client));
}

/** GET /api/health: whether the upstream answers, the token's expiry and the budget in use. */
export function handleHealth(client: UsmClient = usmClient()): Promise<Response> {
  return respond("GET /api/health", () => fetchHealth(client));
}
