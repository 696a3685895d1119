import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import { isAlarmUuid, resolveRange, type AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmDetail, AlarmPage } from "@/lib/shared/alarms/types";
import { alarmDetailSchema, alarmPageSchema } from "@/lib/server/core/shapes";
import type { Shared } from "@/lib/server/store/shared-reads";
import type { UsmClient } from "./client";
import { toAlarmDetail, toAlarmPage, type UpstreamSource } from "./reshape";
import { upstreamAlarmSchema, upstreamPageSchema } from "./schemas";
import {
  ALARMS_PATH,
  alarmPath,
  readOf,
  upstreamParams,
  type UpstreamRead,
} from "./upstream-query";

// The typed operations an analyst's pages call: one page of a deployment's alarms, one alarm.
// Each throws ApiError. The deployment's client and the analyst are always named, and the reads
// go on the analyst's class of the budget. Results are checked against our own strict schemas
// once, when they enter the cache: a vendor payload that cannot be represented becomes
// upstream_invalid_response instead of a broken page. Each page and alarm read from the upstream
// is noted in the deployment's catalogue (./catalogue.ts) then too.

/** Who asks, and of which deployment: every read is counted against the analyst's share. */
export interface UsmCall {
  analyst: string;
  /** The deployment's client (the registry in lib/server/deployments has them). */
  client: UsmClient;
  /** The clock a rolling time range is resolved against (tests pass their own). */
  now?: () => number;
}

/** The upstream's JSON for one page as our AlarmPage; throws on a mismatch. */
export function alarmPageFromUpstream(
  json: unknown,
  read: UpstreamRead,
  source: UpstreamSource,
  readAt: number,
): AlarmPage {
  return alarmPageSchema.parse(toAlarmPage(upstreamPageSchema.parse(json), read, source, readAt));
}

/** One page of alarms, as the list view shows it, serialised once for everyone asking. */
export function readAlarmPage(
  query: AlarmListQuery,
  { analyst, client, now = Date.now }: UsmCall,
  {
    fresh = false,
    size,
    budget = "analyst",
  }: { fresh?: boolean; size?: number; budget?: "analyst" | "catalogue" } = {},
): Promise<Shared<AlarmPage>> {
  // A rolling range ("last 24 hours") ends now, at this request; the page says which bounds.
  const read = readOf(resolveRange(query, now()), size);
  return client.read(
    // A fresh read shares only with other fresh reads in flight, never a stored page.
    fresh ? "page-fresh" : "page",
    ALARMS_PATH,
    upstreamParams(read),
    (json) => {
      const page = alarmPageFromUpstream(json, read, client.source, now());
      client.catalogue.note(page.alarms); // once per upstream read, not per cached answer
      return page;
    },
    { budget, analyst },
    fresh ? { ttlMs: 0 } : undefined,
  );
}

export async function fetchAlarmPage(query: AlarmListQuery, call: UsmCall): Promise<AlarmPage> {
  return (await readAlarmPage(query, call)).value();
}

/** One alarm with its events; not_found for an unknown id and for anything not a uuid. */
export async function readAlarm(
  uuid: string,
  { analyst, client }: UsmCall,
): Promise<Shared<AlarmDetail>> {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no alarm with this id.");
  const id = uuid.toLowerCase();
  return client.read(
    "alarm",
    alarmPath(id),
    undefined,
    (json) => {
      const detail = alarmDetailSchema.parse(
        toAlarmDetail(upstreamAlarmSchema.parse(json), json, client.source),
      );
      if (detail.uuid.toLowerCase() !== id) {
        throw new ApiError(
          "upstream_invalid_response",
          "The deployment answered with another alarm.",
        );
      }
      client.catalogue.note([detail]);
      return detail;
    },
    { budget: "analyst", analyst },
  );
}

export async function fetchAlarm(uuid: string, call: UsmCall): Promise<AlarmDetail> {
  return (await readAlarm(uuid, call)).value();
}
