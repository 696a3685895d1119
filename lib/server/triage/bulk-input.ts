import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import type { Analyst } from "@/lib/server/auth/session";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { AlarmRef } from "./alarm-row";
import { closeInput, noteInput } from "./input";

// What a bulk action accepts (POST /api/d/{key}/alarms/triage and /api/d/all/alarms/triage): a
// strict body naming the view (the list's query string), or the rows chosen within it, and one
// action; the rows chosen only of deployments in the route's scope.

/** Rows chosen one by one, at most (a page of the largest size, with room). */
const CHOSEN_MAX = 500;

const handle = z.string().trim().min(1).max(320);
const action = z.discriminatedUnion("type", [
  z.object({ type: z.literal("owner"), owner: handle.nullable() }).strict(),
  z.object({ type: z.literal("acknowledged"), acknowledged: z.boolean() }).strict(),
  z.object({ type: z.literal("note"), text: noteInput.shape.text }).strict(),
  z
    .object({ type: z.literal("close") })
    .passthrough()
    .transform(({ type: _type, ...close }, ctx) => {
      const parsed = closeInput.safeParse(close);
      if (parsed.success) return { type: "close" as const, closing: parsed.data };
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom" });
      return z.NEVER;
    }),
  z.object({ type: z.literal("reopen") }).strict(),
]);

export const bulkInput = z
  .object({
    /** The list's query string (the queue's with `deployments`). */
    view: z.string().max(8_000),
    /** The rows chosen: uuids on a deployment's list, `<key>:<uuid>` on the queue. */
    alarms: z.array(z.string().max(200)).min(1).max(CHOSEN_MAX).optional(),
    action,
    /** Only count (a view): the count and the frozen view to confirm. */
    dryRun: z.boolean().optional(),
    /** The count the analyst confirmed (a view). */
    expect: z.number().int().nonnegative().optional(),
  })
  .strict();

export type BulkAction = z.infer<typeof action>;

/** Who asks, and the deployments in the route's scope. */
export interface BulkScope {
  analyst: Analyst;
  /** The deployment of the route; null on the queue of every deployment. */
  deployment: Deployment | null;
  /** The deployments the analyst may see. */
  visible: readonly Deployment[];
}

/** The rows chosen, each of a deployment in scope (404 for any other, as its list would be). */
export function chosenAlarms(alarms: readonly string[], scope: BulkScope): AlarmRef[] {
  const keys = new Set(scope.visible.map((deployment) => deployment.key));
  return alarms.map((value) => {
    const at = value.indexOf(":");
    const [deployment, uuid] =
      scope.deployment && at < 0
        ? [scope.deployment.key, value]
        : [value.slice(0, at), value.slice(at + 1)];
    if (!keys.has(deployment) || (scope.deployment && deployment !== scope.deployment.key)) {
      throw new ApiError("not_found", "There is no such deployment.", { param: "alarms" });
    }
    if (!isAlarmUuid(uuid)) {
      throw new ApiError("invalid_request", "Each alarm is named by its uuid.", {
        param: "alarms",
      });
    }
    return { deployment, uuid: uuid.toLowerCase() };
  });
}
