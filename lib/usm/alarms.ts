import "server-only";
import { ApiError } from "@/lib/errors";
import { isAlarmUuid, toUpstreamParams, type AlarmListQuery } from "@/lib/alarms/query";
import {
  alarmDetailSchema,
  alarmPageSchema,
  type AlarmDetail,
  type AlarmPage,
} from "@/lib/alarms/types";
import type { UsmClient } from "./client";
import { usmClient } from "./default-client";
import type { UsmHealth } from "./health-types";
import { toAlarmDetail, toAlarmPage } from "./reshape";
import { upstreamAlarmSchema, upstreamPageSchema } from "./schemas";

// The typed operations pages and route handlers call. Each throws ApiError on failure. The
// client argument exists for tests; the app uses the process's default client. Results are
// checked against our own strict schemas once, when they enter the cache: a vendor payload that
// cannot be represented becomes upstream_invalid_response instead of a broken page.

const ALARMS_PATH = "/api/2.0/alarms";

/** The upstream's JSON for one page as the list view's AlarmPage; throws on a mismatch. */
export function alarmPageFromUpstream(
  json: unknown,
  query: AlarmListQuery,
  baseUrl: string,
): AlarmPage {
  return alarmPageSchema.parse(toAlarmPage(upstreamPageSchema.parse(json), query, baseUrl));
}

/** One page of alarms, as the list view shows it. */
export async function fetchAlarmPage(
  query: AlarmListQuery,
  client: UsmClient = usmClient(),
): Promise<AlarmPage> {
  // toUpstreamParams writes only validated, typed values: no raw user string goes upstream.
  return client.get("alarm-page", ALARMS_PATH, toUpstreamParams(query), (json) =>
    alarmPageFromUpstream(json, query, client.baseUrl),
  );
}

/** One alarm with its events; not_found for an unknown id and for anything not a uuid. */
export async function fetchAlarm(
  uuid: string,
  client: UsmClient = usmClient(),
): Promise<AlarmDetail> {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no alarm with this id.");
  const id = uuid.toLowerCase();
  const detail = await client.get("alarm", `${ALARMS_PATH}/${id}`, undefined, (json) =>
    alarmDetailSchema.parse(toAlarmDetail(upstreamAlarmSchema.parse(json), json, client.baseUrl)),
  );
  if (detail.uuid.toLowerCase() !== id) {
    throw new ApiError("upstream_invalid_response", "USM Anywhere answered with another alarm.");
  }
  return detail;
}

/**
 * Whether the upstream answers this client: a token (reachability, credentials) and a one-alarm
 * read (API access). Throws the ApiError an analyst would get; otherwise reports the token's
 * expiry and the rate budget in use. Never the upstream's address or any credential.
 */
export async function fetchHealth(client: UsmClient = usmClient()): Promise<UsmHealth> {
  const started = Date.now();
  const totalAlarms = await client.get(
    "health",
    ALARMS_PATH,
    new URLSearchParams({ page: "0", size: "1" }),
    (json) => upstreamPageSchema.parse(json).page?.totalElements ?? null,
  );
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
    budget: status.budget,
    cache: status.cache,
  };
}
