"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { alarmQueryOptions, asApiError } from "@/lib/alarms/query-options";
import { listHrefFrom } from "@/lib/alarms/url-state";
import { ErrorState } from "@/components/alarms/list-states";
import { RateLimitWatch } from "@/components/alarms/rate-limit-watch";
import { CopyButton } from "@/components/ui/copy-button";
import { useHydrated } from "@/components/use-hydrated";
import { BackToAlarms } from "./back-to-alarms";
import { DetailHeader } from "./detail-header";
import { DetailSkeleton } from "./detail-skeleton";
import { EndpointsTable } from "./endpoints-table";
import { EventsTable } from "./events-table";
import { RawJson } from "./raw-json";

/** One alarm, from the query cache (filled by the server render or by a hover prefetch). */
export function AlarmDetailView({ uuid, from }: { uuid: string; from: string | null }) {
  const result = useQuery(alarmQueryOptions(uuid));
  const alarm = result.data;
  const error = result.isError ? asApiError(result.error) : null;
  const hydrated = useHydrated();

  return (
    <div className="flex flex-col gap-3" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackToAlarms from={from} />
        <div className="flex gap-1.5">
          <CopyButton
            label="Copy link"
            value={() => `${window.location.origin}/alarms/${encodeURIComponent(uuid)}`}
          />
          <CopyButton label="Copy uuid" value={uuid} />
        </div>
      </div>
      <RateLimitWatch result={result} />
      {alarm ? (
        <>
          <DetailHeader alarm={alarm} />
          <div className="grid items-start gap-3 xl:grid-cols-2">
            <EndpointsTable title="Sources" endpoints={alarm.sources} />
            <EndpointsTable title="Destinations" endpoints={alarm.destinations} />
          </div>
          <EventsTable events={alarm.events} total={alarm.eventsTotal} />
          <RawJson raw={alarm.raw} />
        </>
      ) : error?.code === "not_found" ? (
        <div className="panel px-4 py-10 text-center">
          <h1 className="text-lg font-semibold">Alarm not found</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            USM Anywhere has no alarm <span className="font-mono">{uuid}</span>.
          </p>
          <Link href={listHrefFrom(from)} className="btn-primary mt-3">
            Go to the alarm list
          </Link>
        </div>
      ) : error ? (
        <ErrorState
          error={error}
          title="Could not load this alarm"
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      ) : (
        <DetailSkeleton />
      )}
    </div>
  );
}
