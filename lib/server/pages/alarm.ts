import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/shared/core/errors";
import { forgetIfGone, refreshIndexedAlarm } from "@/lib/server/mirror/sync";
import { fetchAlarm, type UsmCall } from "@/lib/server/usm";
import { pageRead } from "./page-gate";

/**
 * One upstream read per alarm per request: the detail's layout (which decides the HTTP status),
 * its metadata and its page (which renders the data) ask for the same alarm. `call` is the
 * page's own (one object per request, from pageDeployment), so React's cache matches it. The
 * alarm as read refreshes its row of the index (in the background); one the deployment answers 404
 * for leaves the index before the 404 is shown. It counts against the
 * analyst's share as GET /api/d/{key}/alarms/{uuid} does (./page-gate.ts): refused, it throws
 * that refusal (rate_limited), which the page leaves to the browser's own request.
 */
export const getAlarmOnce = cache(async (uuid: string, call: UsmCall) => {
  const detail = await pageRead(call.analyst, () => fetchAlarm(uuid, call)).catch(
    async (error: unknown) => {
      await forgetIfGone(error, call.client.source.deployment, uuid);
      throw error;
    },
  );
  refreshIndexedAlarm(detail);
  return detail;
});

/** Is this the deployment's "no such alarm"? */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === "not_found";
}

/**
 * Renders the not-found page (HTTP 404) for an alarm the deployment does not hold, called
 * where nothing has streamed yet (the detail's layout, above its loading boundary). It waits for
 * the alarm on every request whose status someone reads: a page load, and as much a link
 * checker, a chat's link preview, a monitor or curl, which send no Fetch Metadata headers (a
 * wait on `Sec-Fetch-Dest: document` alone gave them the loading shell's 200). Only the router's
 * own fetches skip it (in-app navigations and prefetches, `Sec-Fetch-Dest: empty`: Next.js hides
 * its RSC header from pages), so loading.tsx shows a hovered alarm from the browser's cache at
 * once and the page renders not-found itself. A found alarm costs no second read: the page's is
 * the same getAlarmOnce. Other failures are left to the page, which shows them with Retry.
 */
export async function notFoundBeforeStreaming(uuid: string, call: UsmCall): Promise<void> {
  if ((await headers()).get("sec-fetch-dest") === "empty") return;
  try {
    await getAlarmOnce(uuid, call);
  } catch (error) {
    if (isNotFound(error)) notFound();
  }
}
