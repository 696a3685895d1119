import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "@/lib/shared/core/errors";
import { api } from "@/lib/shared/alarms/paths";
import type { AlarmTriage, Teammate, TriageSummaries } from "@/lib/shared/triage/types";
import { fetchJson, retryDelay, shouldRetry, toApiError } from "./query-options";

// The team's triage in the browser: the query keys (a live notice invalidates by them) and the
// writes. Client-safe.

export const triageKeys = {
  all: ["triage"] as const,
  /** Every triage query of a deployment: what a notice about it makes stale. */
  deployment: (deployment: string) => ["triage", deployment] as const,
  alarm: (deployment: string, uuid: string) =>
    ["triage", deployment, "alarm", uuid.toLowerCase()] as const,
  /** A page's summaries; the queue's page of several deployments is keyed under "all". */
  summaries: (deployment: string, search: string) =>
    ["triage", deployment, "summaries", search] as const,
  teammates: (deployment: string) => ["triage", deployment, "teammates"] as const,
};

export function triageQueryOptions(deployment: string, uuid: string) {
  return queryOptions({
    queryKey: triageKeys.alarm(deployment, uuid),
    queryFn: ({ signal }) => fetchJson<AlarmTriage>(api.triage(deployment, uuid), signal),
    retry: shouldRetry,
    retryDelay,
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

export function triageSummariesQueryOptions(deployment: string, search: string) {
  return queryOptions({
    queryKey: triageKeys.summaries(deployment, search),
    queryFn: ({ signal }) =>
      fetchJson<TriageSummaries>(api.triageSummaries(deployment, search), signal),
    enabled: search.length > 1,
    retry: shouldRetry,
    retryDelay,
    // A triage change of anyone's reaches this page as a live notice, not by polling.
    staleTime: 60_000,
  });
}

export function teammatesQueryOptions(deployment: string) {
  return queryOptions({
    queryKey: triageKeys.teammates(deployment),
    queryFn: ({ signal }) =>
      fetchJson<{ teammates: Teammate[]; me: string }>(api.teammates(deployment), signal),
    staleTime: 5 * 60_000,
  });
}

/** Sends a triage write; resolves with the alarm's triage after it, or throws our ApiError. */
export async function sendTriage(
  url: string,
  method: "PUT" | "POST" | "PATCH" | "DELETE",
  body?: object,
): Promise<AlarmTriage> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      ...(body && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError("internal", "Could not reach the Alarm Console server.", { cause: error });
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response, answer);
  return answer as AlarmTriage;
}
