import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/shared/alarms/paths";
import type { PivotRange, PivotValue } from "@/lib/shared/search/pivot-link";
import { pivotsSearch, type PivotsAnswer } from "@/lib/shared/search/pivots";
import { getJson } from "./http";
import { alarmKeys } from "./keys";

// The detail's pivot counts and related alarms (from the console's index): asked for once the
// detail is on screen, never before it. Client-safe.

/** As long as a count is worth keeping: the index moves on within seconds, an analyst reads on. */
const PIVOTS_STALE_MS = 60_000;

export function pivotsQueryOptions(
  deployment: string,
  uuid: string,
  values: readonly PivotValue[],
  range: PivotRange,
) {
  const search = pivotsSearch(values, range);
  return queryOptions({
    queryKey: alarmKeys.pivots(deployment, uuid, search),
    queryFn: ({ signal }) =>
      getJson<PivotsAnswer>(api.pivots(deployment, uuid, search), { signal }),
    staleTime: PIVOTS_STALE_MS,
  });
}
