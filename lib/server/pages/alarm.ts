import "server-only";
import { cache } from "react";
import { ApiError } from "@/lib/shared/core/errors";
import { refreshIndexedAlarm } from "@/lib/server/index/sync";
import { fetchAlarm, type UsmCall } from "@/lib/server/usm";

/**
 * One upstream read per alarm per request: the detail's layout (which decides the HTTP status)
 * and its page (which renders the data) ask for the same alarm. `call` is the page's own (one
 * object per request, from pageDeployment), so React's cache matches it. The alarm as read
 * refreshes its row of the index (in the background).
 */
export const getAlarmOnce = cache(async (uuid: string, call: UsmCall) => {
  const detail = await fetchAlarm(uuid, call);
  refreshIndexedAlarm(detail);
  return detail;
});

/** Is this the deployment's "no such alarm"? */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === "not_found";
}
