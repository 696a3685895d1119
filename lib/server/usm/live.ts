import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import {
  isAlarmUuid,
  resolveRange,
  type AlarmListQuery,
  type AlarmStatus,
} from "@/lib/shared/alarms/query";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { alarmPageFromUpstream } from "./alarms";
import type { UsmClient } from "./client";
import { toAlarmSummary } from "./reshape";
import { upstreamAlarmSchema } from "./schemas";
import { ALARMS_PATH, alarmPath, readOf, upstreamParams } from "./upstream-query";

// The live queue's reads, in the budget's live class: never cached (a watcher polls to see what
// changed), sent after every analyst's read, each in a turn of the watchers' share that the
// watcher takes itself (client.takeTurn("live", …)) so that it can hold its view meanwhile.

const LIVE = { budget: "live", analyst: "(live)" } as const;

/** A view's first `size` alarms, as of `now` (a rolling range resolved then). */
export async function readLiveWindow(
  query: AlarmListQuery,
  size: number,
  client: UsmClient,
  now: number,
): Promise<AlarmPage> {
  const read = readOf(resolveRange({ ...query, page: 0 }, now), size);
  const answer = await client.read(
    "live-window",
    ALARMS_PATH,
    upstreamParams(read),
    (json) => alarmPageFromUpstream(json, read, client.source, now),
    LIVE,
    { ttlMs: 0 },
  );
  return answer.value();
}

/** One alarm's status now (null: it has none), or undefined when it is gone or not a uuid. */
export async function readAlarmStatus(
  uuid: string,
  client: UsmClient,
): Promise<AlarmStatus | null | undefined> {
  if (!isAlarmUuid(uuid)) return undefined;
  try {
    const answer = await client.read(
      "live-status",
      alarmPath(uuid),
      undefined,
      (json) => toAlarmSummary(upstreamAlarmSchema.parse(json), client.source.deployment).status,
      LIVE,
      { ttlMs: 0 },
    );
    return answer.value();
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return undefined;
    throw error;
  }
}
