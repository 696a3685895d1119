"use client";

import {
  type DehydratedState,
  HydrationBoundary,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import Link from "next/link";
import { useParams, useSearchParams } from "next/navigation";
import { Suspense, useMemo } from "react";
import { alarmQueryOptions, asApiError } from "@/lib/shared/queries/query-options";
import { UTC } from "@/lib/shared/alarms/time-zone";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { TZ_KEY, parseTimeZoneParam, viewHref, viewOf } from "@/lib/shared/alarms/view";
import {
  FROM_KEY,
  QUEUE_KEY,
  fromListQuery,
  fromQueueView,
  listHrefFrom,
} from "@/lib/shared/alarms/view-links";
import { detailPath } from "@/lib/shared/alarms/paths";
import { EVERY_DEPLOYMENT, oneDeployment } from "@/lib/shared/deployments/scope";
import {
  useDeployment,
  useDeployments,
  useProductName,
} from "@/components/deployments/deployment-context";
import { ErrorState } from "@/components/list/list-states";
import { RateLimitWatch } from "@/components/list/rate-limit-watch";
import { CopyButton } from "@/components/ui/copy-button";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { useHydratedMark } from "@/components/use-hydrated";
import { TriagePanel } from "@/components/triage/triage-panel";
import { BackToAlarms } from "./back-to-alarms";
import { DetailHeader } from "./detail-header";
import { DetailSkeleton } from "./detail-skeleton";
import { EndpointsTable } from "./endpoints-table";
import { EventsTable } from "./events-table";
import { ListStepper } from "./list-stepper";
import { listSource } from "./list-source";
import { RawJson } from "./raw-json";
import { RelatedAlarms } from "./related-alarms";
import { useListPlace } from "./use-list-place";
import { PivotsProvider, usePivots } from "./use-pivots";

/** Writes the detail's zone into its URL (a new entry, like the list's changes). */
function setZoneInUrl(zone: string) {
  const params = new URLSearchParams(window.location.search);
  if (zone === UTC) params.delete(TZ_KEY);
  else params.set(TZ_KEY, zone);
  const search = params.toString();
  window.history.pushState(null, "", `${window.location.pathname}${search ? `?${search}` : ""}`);
}

/** One alarm, from the query cache (filled by the server render or by a hover prefetch). */
export function AlarmDetailView({ uuid }: { uuid: string }) {
  const searchParams = useSearchParams();
  const from = searchParams.get(FROM_KEY);
  const zone = parseTimeZoneParam(searchParams.get(TZ_KEY)) ?? UTC;
  const queue = searchParams.get(QUEUE_KEY);
  const deployment = useDeployment();
  const visible = useDeployments();
  const product = useProductName();
  // Opened from the list of several or every deployment (`queue`), or this deployment's (`from`).
  const queueView = useMemo(
    () =>
      fromQueueView(
        queue,
        visible.map((d) => d.key),
      ),
    [queue, visible],
  );
  const source = useMemo(
    () =>
      queueView
        ? listSource(EVERY_DEPLOYMENT, queueView, zone)
        : listSource(oneDeployment(deployment.key), viewOf(), zone),
    [queueView, zone, deployment.key],
  );
  const fromQuery = useMemo(
    () =>
      // A place in the queue paged by time has no numbers to step through: Back leads there.
      queueView ? (queueView.cursor === null ? queueView.query : null) : fromListQuery(from),
    [queueView, from],
  );
  const place = useListPlace(source, fromQuery, uuid, deployment.key);
  // Back to the page the alarm is on now (it may have moved since the list was shown).
  const backHref = place.backQuery
    ? source.listHref(place.backQuery)
    : queueView
      ? viewHref(EVERY_DEPLOYMENT, { ...queueView, tz: zone })
      : listHrefFrom(deployment.key, from, zone);
  const result = useQuery(alarmQueryOptions(deployment.key, uuid));
  const alarm = result.data;
  const error = result.isError ? asApiError(result.error) : null;
  const hydratedRoot = useHydratedMark<HTMLDivElement>();
  const pivots = usePivots(deployment.key, uuid, alarm, fromQuery, zone);

  return (
    <TimeZoneProvider zone={zone}>
      <div className="flex flex-col gap-3" ref={hydratedRoot}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <BackToAlarms href={backHref} />
            <ListStepper uuid={uuid} location={place.location} onMove={place.move} />
            {/* The list's live queue (components/live) is not watched while a detail is open. */}
            <span className="text-xs text-slate-600 dark:text-slate-400" data-live-status>
              Live updates paused while you read an alarm
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <TimeZonePicker zone={zone} onChange={setZoneInUrl} />
            <CopyButton
              label="Copy link"
              value={() => {
                const link = new URL(detailPath(deployment.key, uuid), window.location.origin);
                if (zone !== UTC) link.searchParams.set(TZ_KEY, zone);
                return link.toString();
              }}
            />
            <CopyButton label="Copy uuid" value={uuid} />
          </div>
        </div>
        <RateLimitWatch result={result} />
        {alarm ? (
          <PivotsProvider value={pivots}>
            <DetailHeader alarm={alarm} zone={zone} />
            <TriagePanel deployment={deployment.key} uuid={uuid} />
            <div className="grid items-start gap-3 xl:grid-cols-2">
              <EndpointsTable title="Sources" endpoints={alarm.sources} />
              <EndpointsTable title="Destinations" endpoints={alarm.destinations} />
            </div>
            <RelatedAlarms />
            <EventsTable events={alarm.events} total={alarm.eventsTotal} />
            <RawJson raw={alarm.raw} />
          </PivotsProvider>
        ) : error?.code === "not_found" ? (
          <div className="panel px-4 py-10 text-center">
            <h1 className="text-lg font-semibold">Alarm not found</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {deployment.name} ({product}) has no alarm <span className="font-mono">{uuid}</span>.
            </p>
            <Link href={backHref} className="btn-primary mt-3">
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
    </TimeZoneProvider>
  );
}

// The detail's route shows it through the two entries below, its page's and its loading state's,
// both from this one module: as two client modules, the bundler gave each its own copy of the
// many modules they share (~9 KB gzipped more in the detail's first load, measured with
// `npm run bench -- first-load-js`).

/** The page: the server's read of the alarm handed over, the view under its skeleton. */
export function AlarmDetailPage({ uuid, state }: { uuid: string; state: DehydratedState }) {
  return (
    <HydrationBoundary state={state}>
      <Suspense fallback={<DetailSkeleton />}>
        <AlarmDetailView uuid={uuid} />
      </Suspense>
    </HydrationBoundary>
  );
}

/**
 * While the server renders the detail: the detail itself from the browser's cache when the row
 * was hovered or focused (prefetched) a moment ago, so opening an alarm feels instant.
 */
export function AlarmDetailLoading() {
  const { uuid } = useParams<{ uuid: string }>();
  const { key } = useDeployment();
  const cached = useQueryClient().getQueryData(alarmQueryOptions(key, uuid ?? "").queryKey);
  if (uuid && isAlarmUuid(uuid) && cached) return <AlarmDetailView uuid={uuid} />;
  return <DetailSkeleton />;
}
