import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import type { UsmCall } from "./alarms";
import type { UsmClient } from "./client";
import { upstreamStatusOf } from "./transport";
import { alarmPath } from "./upstream-query";

// An alarm's USM labels, the vendor's one write (usm-api.md, "Beyond the seed"): the ids of the
// labels an alarm carries (GET .../alarms/{id}/labels), and one label put on or taken off
// (PUT / DELETE .../alarms/{id}/labels/{labelId}). A write is sent in the POST budget, which the
// upstream counts it in, in the class `labels` (./budget-classes.ts): never an analyst's GETs.

const labelsSchema = z.looseObject({ alarm_labels: z.array(z.string()) });

/** Why the upstream refused a label write, in the terms a caller acts on. */
export type LabelRefusal = "forbidden" | "unknown" | "refused";

/** A refusal of a label write that a retry cannot change, and the upstream's status. */
export interface LabelWriteRefusal {
  refusal: LabelRefusal;
  status: number;
}

/** The ids of the labels the alarm carries (lower case), read in the analyst's class. */
export async function readAlarmLabels(
  uuid: string,
  { analyst, client }: UsmCall,
): Promise<string[]> {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no alarm with this id.");
  const shared = await client.read(
    "alarm",
    `${alarmPath(uuid)}/labels`,
    undefined,
    (json) => labelsSchema.parse(json).alarm_labels.map((id) => id.toLowerCase()),
    { budget: "analyst", analyst },
    { ttlMs: 0 },
  );
  return shared.value();
}

/**
 * Puts the label on the alarm (`wanted`) or takes it off, in the class `labels`. Both are
 * idempotent upstream. Throws the client's ApiError; labelRefusalOf tells a refusal a retry
 * cannot change from a failure worth a retry (timeout, unreachable, 5xx, 429 past its deadline).
 */
export async function writeAlarmLabel(
  client: UsmClient,
  uuid: string,
  labelId: string,
  wanted: boolean,
): Promise<void> {
  const path = `${alarmPath(uuid)}/labels/${encodeURIComponent(labelId.toLowerCase())}`;
  await client.write(wanted ? "PUT" : "DELETE", path, { budget: "labels", analyst: "" });
}

/**
 * What a failed label write means for good: 403, the client may not write labels; 404, the label
 * (or the alarm) is unknown to USM; another 4xx but 429, refused as sent. Undefined: worth a retry.
 */
export function labelRefusalOf(error: unknown): LabelWriteRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === "upstream_forbidden") return { refusal: "forbidden", status: 403 };
  if (error.code === "not_found") return { refusal: "unknown", status: 404 };
  const status = upstreamStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
    return { refusal: "refused", status };
  }
  return undefined;
}
