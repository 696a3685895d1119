"use client";
// The overview above a deployment's list: alarms over time and counts by priority, status, intent.

import { useId } from "react";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import type { HistogramBar, HistogramOverview, OverviewSection } from "@/lib/shared/overview/types";
import { useViewPreferences } from "@/components/list/use-view-preferences";
import { useHydrated } from "@/components/use-hydrated";
import { CountGroup } from "./count-group";
import { Histogram } from "./histogram";
import { failureOf, useSection } from "./use-section";

// The picture of the view above its rows: counts by priority, status and intent (each leaving
// out its own filter) and alarms over time. Every section is its own request, filled in as it
// comes, and none is asked for before the table's page is in: the overview never delays the
// rows. A click filters the list. Folded away, it asks for nothing; the choice stays in this
// browser with the table's other preferences (and is styled from <html> before the first paint).

/**
 * The overview of the view with `filters` and search `q` (of `deployment`, or of "all" with the
 * `deployments` the queue names); `ready` once the table's page is in (or failed).
 */
export function AlarmOverview({
  deployment,
  deployments = [],
  filters,
  q,
  zone,
  ready,
  onFilter,
}: {
  deployment: string;
  deployments?: readonly string[];
  filters: AlarmFilters;
  q?: string;
  zone: string;
  ready: boolean;
  onFilter: (filters: AlarmFilters) => void;
}) {
  const [preferences, setPreferences] = useViewPreferences();
  const shown = preferences.overview === "shown";
  const bodyId = useId();
  // Not while hydrating: the server's snapshot says "shown" whatever this browser stored.
  const hydrated = useHydrated();
  const on = shown && ready && hydrated;
  const sections = {
    priority: useSection(deployment, "priority", filters, on, deployments, q),
    status: useSection(deployment, "status", filters, on, deployments, q),
    intent: useSection(deployment, "intent", filters, on, deployments, q),
  };
  const histogram = useSection(deployment, "histogram", filters, on, deployments, q);
  const groupProps = { filters, onFilter };
  const histogramData = histogram.data as HistogramOverview | undefined;
  // Counted in the index (the deployment held whole): exact, and no call to the upstream; for the
  // queue of every deployment, at least these while a deployment is still being indexed.
  const sources = [...Object.values(sections), histogram].map(
    (section) => (section.data as OverviewSection | undefined)?.source,
  );
  const fromIndex = sources.some((source) => source?.kind === "index");
  const partial = sources.some((source) => source?.partial);

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
            {q === undefined
              ? "of the alarms these filters match"
              : "of the alarms this search and these filters match"}
            {fromIndex ? (
              <span data-overview-source={partial ? "index-partial" : "index"}>
                {partial
                  ? " · from the index, still indexing: at least these"
                  : " · exact, from the index"}
              </span>
            ) : null}
          </span>
        </h2>
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-xs font-medium text-blue-800 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950"
          aria-expanded={shown}
          aria-controls={bodyId}
          data-overview-toggle
          // The server's HTML stands until this code is there (components/lazy.tsx): a press before
          // then would be lost, so the button says it cannot be pressed yet.
          disabled={!hydrated}
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
