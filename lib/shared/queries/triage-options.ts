import { queryOptions } from "@tanstack/react-query";
import { type ListScope, scopeSegment } from "@/lib/shared/deployments/scope";
import { api } from "@/lib/shared/alarms/paths";
import type { AlarmTriage, Teammate, TriageSummaries } from "@/lib/shared/triage/types";
import { getJson } from "./http";
import { triageKeys } from "./keys";

// The team's triage in the browser: its reads (a live notice invalidates them by ./keys.ts); the
// writes are ./http's sendJson, answered with the alarm's triage. Client-safe.

export function triageQueryOptions(deployment: string, uuid: string) {
  return queryOptions({
    queryKey: triageKeys.alarm(deployment, uuid),
    queryFn: ({ signal }) => getJson<AlarmTriage>(api.triage(deployment, uuid), { signal }),
  });
}

/** The search a page's summaries are asked with: its alarms, in the page's order. */
export function summariesSearch(
  alarms: readonly { deployment?: string; uuid: string }[],
  several: boolean,
): string {
  const params = new URLSearchParams(
    alarms.map((alarm) =>
      several && alarm.deployment
        ? ["alarm", `${alarm.deployment}:${alarm.uuid}`]
        : ["uuid", alarm.uuid],
    ),
  );
  return `?${params}`;
}

/** The triage of a page's rows, read in `scope` (a page's rows of several are read across them). */
export function triageSummariesQueryOptions(scope: ListScope, search: string) {
  const segment = scopeSegment(scope);
  return queryOptions({
    queryKey: triageKeys.summaries(segment, search),
    queryFn: ({ signal }) =>
      getJson<TriageSummaries>(api.triageSummaries(segment, search), { signal }),
    enabled: search.length > 1,
    // A triage change of anyone's reaches this page as a live notice, not by polling.
    staleTime: 60_000,
  });
}

export function teammatesQueryOptions(deployment: string) {
  return queryOptions({
    queryKey: triageKeys.teammates(deployment),
    queryFn: ({ signal }) =>
      getJson<{ teammates: Teammate[]; me: string }>(api.teammates(deployment), { signal }),
    staleTime: 5 * 60_000,
  });
}
