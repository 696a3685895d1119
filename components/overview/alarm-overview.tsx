"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useSyncExternalStore } from "react";
import { formatCount, PRIORITY_NAME, STATUS_NAME } from "@/lib/shared/alarms/format";
import {
  PRIORITY_LABELS,
  STATUSES,
  type AlarmFilters,
  type AlarmStatus,
  type PriorityLabel,
} from "@/lib/shared/alarms/query";
import { asApiError, overviewQueryOptions } from "@/lib/shared/queries/query-options";
import { DIMENSION_FILTER, OVERVIEW_STEP_MS, type OverviewPart } from "@/lib/shared/overview/plan";
import type {
  DimensionOverview,
  HistogramBar,
  HistogramOverview,
} from "@/lib/shared/overview/types";
import { useViewPreferences } from "@/components/list/use-view-preferences";
import { Histogram } from "./histogram";

// The picture of the view above its rows: counts by priority, status and intent (each leaving
// out its own filter) and alarms over time. Every section is its own request, filled in as it
// comes, and none is asked for before the table's page is in: the overview never delays the
// rows. A click filters the list. Folded away, it asks for nothing; the choice stays in this
// browser with the table's other preferences (and is styled from <html> before the first paint).

type DimensionPart = Exclude<OverviewPart, "histogram">;

const GROUP_NAME: Record<DimensionPart, string> = {
  priority: "Priority",
  status: "Status",
  intent: "Intent",
};

function valueName(part: DimensionPart, value: string): string {
  if (part === "priority") return PRIORITY_NAME[value as PriorityLabel] ?? value;
  if (part === "status") return STATUS_NAME[value as AlarmStatus] ?? value;
  return value;
}

const PRIORITY_DOT: Record<string, string> = {
  high: "bg-red-600 dark:bg-red-400",
  medium: "bg-amber-400",
  low: "bg-sky-400 dark:bg-sky-500",
  critical: "bg-fuchsia-700 dark:bg-fuchsia-400",
};

/** What a dimension shows before its counts are in: its values when they are known in advance. */
const PLACEHOLDER_VALUES: Record<DimensionPart, readonly string[]> = {
  priority: PRIORITY_LABELS,
  status: STATUSES,
  intent: [],
};

type SectionResult = ReturnType<typeof useSection>;

/** Why a whole section is unknown (its request failed), or null. */
const failureOf = (result: SectionResult) =>
  result.isError ? asApiError(result.error).message : null;

function CountGroup({
  part,
  result,
  filters,
  onFilter,
}: {
  part: DimensionPart;
  result: SectionResult;
  filters: AlarmFilters;
  onFilter: (filters: AlarmFilters) => void;
}) {
  const section = result.data as DimensionOverview | undefined;
  const loading = !result.data && !result.isError;
  const stale = result.isPlaceholderData;
  const failure = failureOf(result);
  const key = DIMENSION_FILTER[part];
  const selected = filters[key];
  const counts =
    section?.counts ??
    PLACEHOLDER_VALUES[part].map((value) => ({ value, count: null as number | null }));
  const unknown = failure ?? section?.problem?.message ?? null;
  return (
    <div
      role="group"
      aria-label={`Alarms by ${GROUP_NAME[part].toLowerCase()}`}
      data-overview-group={part}
      aria-busy={loading || stale}
      className={`flex min-h-[22px] min-w-0 items-center gap-1.5 ${stale ? "opacity-60" : ""} overflow-x-auto [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] pr-6`}
    >
      <span className="w-14 shrink-0 text-[11px] max-sm:sr-only font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {GROUP_NAME[part]}
      </span>
      {counts.length === 0 && loading ? (
        <span className="h-[22px] w-48 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
      ) : null}
      {counts.length === 0 && !loading && !section?.rest ? (
        <span className="text-xs text-slate-600 dark:text-slate-400" title={unknown ?? undefined}>
          {unknown ? "unknown" : "none seen yet"}
        </span>
      ) : null}
      {counts.map(({ value, count }) => {
        const pressed = selected === value;
        const name = valueName(part, value);
        const shown = count === null ? (loading ? "…" : "?") : formatCount(count);
        const title =
          count === null
            ? loading
              ? `${name}: counting…`
              : `${name}: count unknown${unknown ? ` (${unknown})` : ""}`
            : `${name}: ${formatCount(count)} alarms${pressed ? " (filtered: click to show all)" : ""}`;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            title={title}
            aria-label={title}
            data-overview-count={value}
            data-count={count ?? ""}
            onClick={() => {
              const next: AlarmFilters = { ...filters };
              if (pressed) delete next[key];
              else (next as Record<string, unknown>)[key] = value;
              onFilter(next);
            }}
            className="inline-flex max-w-[16rem] shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-800 hover:border-blue-500 hover:bg-blue-50 aria-pressed:border-blue-600 aria-pressed:bg-blue-600 aria-pressed:text-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-blue-950 dark:aria-pressed:border-blue-400 dark:aria-pressed:bg-blue-500 dark:aria-pressed:text-slate-950"
          >
            {part === "priority" ? (
              <span
                aria-hidden="true"
                className={`h-2 w-2 shrink-0 rounded-full ${PRIORITY_DOT[value] ?? "bg-slate-400"}`}
              />
            ) : null}
            <span className="truncate">{name}</span>
            <span className="font-mono font-semibold tabular-nums">{shown}</span>
          </button>
        );
      })}
      {section?.rest ? <RestCount part={part} rest={section.rest} unknown={unknown} /> : null}
    </div>
  );
}

const REST_TITLE = {
  critical: "Critical (priorities 91 to 100, on newer deployments): the filters cannot select it",
  priority: "Other labels, beyond low, medium and high",
  intent: "Other intents, beyond the most seen",
};

/** What a dimension holds beyond its named values: critical alarms, other labels or intents. */
function RestCount({
  part,
  rest,
  unknown,
}: {
  part: DimensionPart;
  rest: NonNullable<DimensionOverview["rest"]>;
  unknown: string | null;
}) {
  const name = rest.label === "critical" ? "Critical" : "Other";
  const about =
    rest.label === "critical"
      ? REST_TITLE.critical
      : REST_TITLE[part === "priority" ? "priority" : "intent"];
  const title =
    rest.count === null
      ? `${name}: count unknown${unknown ? ` (${unknown})` : ""}`
      : `${about}: ${formatCount(rest.count)} alarms`;
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-dashed border-slate-300 px-2 py-0.5 text-xs text-slate-700 dark:border-slate-600 dark:text-slate-200"
      title={title}
      aria-label={title}
      data-overview-count={rest.label}
      data-count={rest.count ?? ""}
    >
      {rest.label === "critical" ? (
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${PRIORITY_DOT.critical}`} />
      ) : null}
      {name}
      <span className="font-mono font-semibold tabular-nums">
        {rest.count === null ? "?" : formatCount(rest.count)}
      </span>
    </span>
  );
}

const subscribeNothing = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/** How often a shown overview is read again (its counts are shared for OVERVIEW_STEP_MS). */
const REFRESH_MS = 2 * OVERVIEW_STEP_MS;

function useSection(deployment: string, part: OverviewPart, filters: AlarmFilters, on: boolean) {
  // Priority and status counts leave their own filter out: picking one reads nothing again.
  const asked =
    part === "priority" || part === "status"
      ? withoutKey(filters, DIMENSION_FILTER[part])
      : filters;
  return useQuery({
    ...overviewQueryOptions(deployment, part, asked),
    enabled: on,
    // The last view's counts stay (dimmed) while the next ones come: nothing jumps, and a
    // focused count or bar keeps its place.
    placeholderData: keepPreviousData,
    refetchInterval: on ? REFRESH_MS : false,
  });
}

function withoutKey(filters: AlarmFilters, key: keyof AlarmFilters): AlarmFilters {
  const rest = { ...filters };
  delete rest[key];
  return rest;
}

/** The overview of the view with `filters`; `ready` once the table's page is in (or failed). */
export function AlarmOverview({
  deployment,
  filters,
  zone,
  ready,
  onFilter,
}: {
  deployment: string;
  filters: AlarmFilters;
  zone: string;
  ready: boolean;
  onFilter: (filters: AlarmFilters) => void;
}) {
  const [preferences, setPreferences] = useViewPreferences();
  const shown = preferences.overview === "shown";
  const bodyId = useId();
  // Not while hydrating: the server's snapshot says "shown" whatever this browser stored.
  const hydrated = useSyncExternalStore(subscribeNothing, isBrowser, isServer);
  const on = shown && ready && hydrated;
  const sections = {
    priority: useSection(deployment, "priority", filters, on),
    status: useSection(deployment, "status", filters, on),
    intent: useSection(deployment, "intent", filters, on),
  };
  const histogram = useSection(deployment, "histogram", filters, on);
  const groupProps = { filters, onFilter };
  const histogramData = histogram.data as HistogramOverview | undefined;

  function pickBar(bar: HistogramBar) {
    const { range: _range, ...rest } = filters;
    void _range;
    onFilter({ ...rest, timestamp_occured_gte: bar.gte, timestamp_occured_lte: bar.lte });
  }

  return (
    <section
      aria-label="Overview"
      data-overview
      className="rounded-md border border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold text-slate-700 dark:text-slate-300">
          Overview{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            of the alarms these filters match
          </span>
        </h2>
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-xs font-medium text-blue-800 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950"
          aria-expanded={shown}
          aria-controls={bodyId}
          data-overview-toggle
          onClick={() =>
            setPreferences((current) => ({
              ...current,
              overview: current.overview === "shown" ? "folded" : "shown",
            }))
          }
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      {shown ? (
        <div
          id={bodyId}
          data-overview-body
          className="mt-1 grid gap-x-6 gap-y-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
        >
          <Histogram
            bars={histogramData?.bars ?? []}
            zone={zone}
            loading={!histogramData && !histogram.isError}
            stale={histogram.isPlaceholderData}
            selected={
              filters.timestamp_occured_gte !== undefined &&
              filters.timestamp_occured_lte !== undefined
                ? { gte: filters.timestamp_occured_gte, lte: filters.timestamp_occured_lte }
                : null
            }
            unknownReason={histogramData?.problem?.message ?? failureOf(histogram)}
            onPick={pickBar}
          />
          {/* One line a dimension, whatever its numbers: counts coming in never move the rows. */}
          <div className="flex min-w-0 flex-col justify-center gap-1.5">
            {(["priority", "status", "intent"] as const).map((part) => (
              <CountGroup key={part} part={part} result={sections[part]} {...groupProps} />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
