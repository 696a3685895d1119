"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useMemo } from "react";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import { pivotsQueryOptions } from "@/lib/shared/queries/pivot-options";
import { type PivotRange, pivotRangeOf, pivotValues } from "@/lib/shared/search/pivot-link";
import { type PivotCount, type PivotsAnswer, countsByKey } from "@/lib/shared/search/pivots";

// What the detail's pivot links and "Related alarms" share: the deployment, the range and zone
// of the list the analyst came from (the links keep them), and the counts once the index has
// answered. The counts are asked for after the detail is on screen and never hold it up; when
// the index cannot answer, the links still lead to the list and the counts are left out.

export type PivotsStatus = "loading" | "ready" | "unavailable" | "failed";

export interface PivotsState {
  deployment: string;
  range: PivotRange;
  tz: string;
  status: PivotsStatus;
  answer: PivotsAnswer | null;
  counts: Map<string, PivotCount>;
  /** Why the index cannot answer (status "unavailable" or "failed"). */
  reason: string | null;
}

const PivotsContext = createContext<PivotsState | null>(null);

export const PivotsProvider = PivotsContext.Provider;

/** The detail's pivots; null outside a detail (a pivot link is then a plain link). */
export function usePivotsContext(): PivotsState | null {
  return useContext(PivotsContext);
}

/** Loads the counts of `alarm`'s values (once it is shown) in the range of the list `from`. */
export function usePivots(
  deployment: string,
  uuid: string,
  alarm: AlarmSummary | undefined,
  from: AlarmListQuery | null,
  tz: string,
): PivotsState {
  const range = useMemo(() => pivotRangeOf(from), [from]);
  const values = useMemo(() => (alarm ? pivotValues(alarm) : []), [alarm]);
  const result = useQuery({
    ...pivotsQueryOptions(deployment, uuid, values, range),
    enabled: alarm !== undefined,
  });
  const answer = result.data ?? null;
  const counts = useMemo(() => (answer ? countsByKey(answer) : new Map()), [answer]);
  const error = result.error;
  const unavailable = error instanceof ApiError && error.code === "index_unavailable";
  const status: PivotsStatus = answer
    ? "ready"
    : unavailable
      ? "unavailable"
      : result.isError
        ? "failed"
        : "loading";
  const reason = error instanceof ApiError ? error.message : null;
  return { deployment, range, tz, status, answer, counts, reason };
}
