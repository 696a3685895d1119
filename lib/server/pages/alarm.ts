import "server-only";
import { cache } from "react";
import { ApiError } from "@/lib/shared/core/errors";
import { fetchAlarm, type UsmCall } from "@/lib/server/usm";

/**
 * One upstream read per alarm per request: the detail's layout (which decides the HTTP status)
 * and its page (which renders the data) ask for the same alarm. `call` is the page's own (one
 * object per request, from pageDeployment), so React's cache matches it.
 */
export const getAlarmOnce = cache((uuid: string, call: UsmCall) => fetchAlarm(uuid, call));

/** Is this the deployment's "no such alarm"? */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === "not_found";
}
