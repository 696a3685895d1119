import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import {
  isAlarmUuid,
  resolveRange,
  toUpstreamParams,
  type AlarmListQuery,
  type AlarmStatus,
} from "@/lib/shared/alarms/query";
import { type AlarmDetail, type AlarmPage } from "@/lib/shared/alarms/types";
import { alarmDetailSchema, alarmPageSchema } from "@/lib/server/core/shapes";
import type { BudgetUsage } from "./budget";
import type { UsmClient } from "./client";
import type { UsmHealth } from "./health-types";
import type { Shared } from "./cache";
import { toAlarmDetail, toAlarmPage, toAlarmSummary, type UpstreamSource } from "./reshape";
import { upstreamAlarmSchema, upstreamPageSchema } from "./schemas";

// The typed operations pages and route handlers call. Each throws ApiError on failure. The
// deployment's client and the analyst are always named. Results are
// checked against our own strict schemas once, when they enter the cache: a vendor payload that
// cannot be represented becomes upstream_invalid_response instead of a broken page. Each page and
// alarm read from the upstream is noted in the deployment's catalogue (./catalogue.ts) then too.

const ALARMS_PATH = "/api/2.0/alarms";

/** The upstream's JSON for one page as the list view's AlarmPage; throws on a mismatch. */
export function alarmPageFromUpstream(
  json: unknown,
  query: AlarmListQuery,
  source: UpstreamSource,
  readAt: number,
): AlarmPage {
  return alarmPageSchema.parse(toAlarmPage(upstreamPageSchema.parse(json), query, source, readAt));
}

/** Who asks, and of which deployment: every read is counted against the analyst's share. */
export interface UsmCall {
  analyst: string;
  /** The deployment's client (lib/deployments' registry has them). */
  client: UsmClient;
  /** The clock a rolling time range is resolved against (tests pass their own). */
  now?: () => number;
}

/** One page of alarms, as the list view shows it, serialised once for everyone asking. */
export function readAlarmPage(
  query: AlarmListQuery,
  { analyst, client, now = Date.now }: UsmCall,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Shared<AlarmPage>> {
  // A rolling range ("last 24 hours") ends now, at this request; the page says which bounds.
  const resolved = resolveRange(query, now());
  // toUpstreamParams writes only validated, typed values: no raw user string goes upstream.
  return client.read(
    analyst,
    // A fresh read shares only with other fresh reads in flight, never a stored page.
    fresh ? "alarm-page-fresh" : "alarm-page",
    ALARMS_PATH,
    toUpstreamParams(resolved),
    (json) => {
      const page = alarmPageFromUpstream(json, resolved, client.source, now());
      client.catalogue.note(page.alarms); // once per upstream read, not per cached answer
      return page;
    },
    fresh ? { ttlMs: 0 } : undefined,
  );
}

export async function fetchAlarmPage(query: AlarmListQuery, call: UsmCall): Promise<AlarmPage> {
  return (await readAlarmPage(query, call)).value();
}

/** Who the live queue's watchers are, to the budget's round-robin. */
const WATCHER = "(live)";

/**
 * The live queue's read of a view's first `size` alarms, as of `now`: never cached (a watcher
 * polls to see what changed) and sent only when no analyst's call waits for the budget.
 */
export async function readLivePage(
  query: AlarmListQuery,
  size: number,
  client: UsmClient,
  now: number,
): Promise<AlarmPage> {
  const resolved = resolveRange({ ...query, page: 0 }, now);
  const params = toUpstreamParams(resolved);
  params.set("size", String(size));
  const read = await client.read(
    WATCHER,
    "live-page",
    ALARMS_PATH,
    params,
    (json) => alarmPageFromUpstream(json, resolved, client.source, now),
    { ttlMs: 0, background: true },
  );
  return read.value();
}

/** The live queue's look at one alarm that left a view: its status now, or undefined if gone. */
export async function readLiveStatus(
  uuid: string,
  client: UsmClient,
): Promise<AlarmStatus | null | undefined> {
  if (!isAlarmUuid(uuid)) return undefined;
  try {
    const read = await client.read(
      WATCHER,
      "live-alarm",
      `${ALARMS_PATH}/${uuid.toLowerCase()}`,
      undefined,
      (json) => toAlarmSummary(upstreamAlarmSchema.parse(json), client.source.deployment).status,
      { ttlMs: 0, background: true },
    );
    return read.value();
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return undefined;
    throw error;
  }
}

/** One alarm with its events; not_found for an unknown id and for anything not a uuid. */
export async function readAlarm(
  uuid: string,
  { analyst, client }: UsmCall,
): Promise<Shared<AlarmDetail>> {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no alarm with this id.");
  const id = uuid.toLowerCase();
  return client.read(analyst, "alarm", `${ALARMS_PATH}/${id}`, undefined, (json) => {
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
  });
}

export async function fetchAlarm(uuid: string, call: UsmCall): Promise<AlarmDetail> {
  return (await readAlarm(uuid, call)).value();
}

/** The one-alarm read that proves reachability, credentials and API access; shared briefly. */
function readTotalAlarms({ analyst, client }: UsmCall): Promise<Shared<number | null>> {
  return client.read(
    analyst,
    "health",
    ALARMS_PATH,
    new URLSearchParams({ page: "0", size: "1" }),
    (json) => upstreamPageSchema.parse(json).page?.totalElements ?? null,
  );
}

/**
 * Whether the upstream answers this client: a token (reachability, credentials) and a one-alarm
 * read (API access). Throws the ApiError an analyst would get; otherwise reports the token's
 * expiry, the budget's size and the asking analyst's own calls waiting, nobody else's. Never the
 * upstream's address or any credential.
 */
export async function fetchHealth(call: UsmCall): Promise<UsmHealth> {
  const { client } = call;
  const started = Date.now();
  const totalAlarms = (await readTotalAlarms({ ...call, client })).value();
  const status = client.status();
  return {
    upstream: { reachable: true, apiAccess: true, totalAlarms, checkedInMs: Date.now() - started },
    token: {
      valid: status.token.valid,
      expiresAt: status.token.expiresAt,
      expiresInSeconds:
        status.token.expiresAt === null
          ? null
          : Math.max(0, Math.floor((status.token.expiresAt - Date.now()) / 1000)),
    },
    // The budget in use, not how many wait: those are other analysts' calls too.
    budget: {
      get: usage(status.budget.get),
      post: usage(status.budget.post),
    },
    yourQueuedCalls: client.queuedFor(call.analyst),
    cache: status.cache,
  };
}

function usage({ limitPerSecond, sustainedPerSecond, recentPerSecond }: BudgetUsage) {
  return { limitPerSecond, sustainedPerSecond, recentPerSecond };
}

/** Readiness: the upstream answers this client (a shared, briefly cached one-alarm read). */
export async function checkUpstream(client: UsmClient): Promise<void> {
  await readTotalAlarms({ analyst: "(readiness)", client });
}
