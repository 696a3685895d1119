"use client";
// One line of the overview's counts (priority, status or intent): each count filters the list.

import { countOf, formatCount, STATUS_NAME } from "@/lib/shared/alarms/format";
import {
  CRITICAL_UNFILTERABLE,
  FILTERABLE_PRIORITIES,
  PRIORITY_TITLE,
  isFilterablePriority,
  priorityName,
} from "@/lib/shared/alarms/priority";
import { STATUS_FILTERS, type AlarmFilters, type StatusFilter } from "@/lib/shared/alarms/query";
import { PRIORITY_MARK } from "@/components/ui/priority-colours";
import { DIMENSION_FILTER, type OverviewPart } from "@/lib/shared/overview/plan";
import type { DimensionOverview } from "@/lib/shared/overview/types";
import { type SectionResult, failureOf } from "./use-section";

type DimensionPart = Exclude<OverviewPart, "histogram">;

const GROUP_NAME: Record<DimensionPart, string> = {
  priority: "Priority",
  status: "Status",
  intent: "Intent",
};

function valueName(part: DimensionPart, value: string): string {
  const label = part === "priority" ? priorityName(value) : null;
  if (label) return PRIORITY_TITLE[label];
  if (part === "status") return STATUS_NAME[value as StatusFilter] ?? value;
  return value;
}

/** Whether the list's filter can ask for a value (not critical: see FILTERABLE_PRIORITIES). */
const filterable = (part: DimensionPart, value: string) =>
  part !== "priority" || isFilterablePriority(value);

/**
 * What a dimension shows before its counts are in: its values when they are known in advance,
 * in the priority model's order (critical shows once the deployment says it knows it).
 */
const PLACEHOLDER_VALUES: Record<DimensionPart, readonly string[]> = {
  priority: FILTERABLE_PRIORITIES,
  status: STATUS_FILTERS,
  intent: [],
};

export function CountGroup({
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
        const pressed = (selected as readonly string[] | undefined)?.includes(value) ?? false;
        const alone = pressed && selected?.length === 1;
        const name = valueName(part, value);
        const shown = count === null ? (loading ? "…" : "?") : formatCount(count);
        const title =
          count === null
            ? loading
              ? `${name}: counting…`
              : `${name}: count unknown${unknown ? ` (${unknown})` : ""}`
            : `${name}: ${countOf(count, "alarm")}${
                alone
                  ? " (filtered: click to show all)"
                  : pressed
                    ? " (filtered: click to leave it out)"
                    : selected
                      ? " (shift-click to add it)"
                      : ""
              }`;
        const content = (
          <>
            {part === "priority" ? (
              <span
                aria-hidden="true"
                className={`h-2 w-2 shrink-0 rounded-full ${PRIORITY_MARK[priorityName(value) ?? "other"]}`}
              />
            ) : null}
            <span className="truncate">{name}</span>
            <span className="font-mono font-semibold tabular-nums">{shown}</span>
          </>
        );
        if (!filterable(part, value)) {
          const about = `${title} (${CRITICAL_UNFILTERABLE})`;
          return (
            <span
              key={value}
              title={about}
              aria-label={about}
              data-overview-count={value}
              data-count={count ?? ""}
              className={`${CHIP} border-dashed`}
            >
              {content}
            </span>
          );
        }
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            title={title}
            aria-label={title}
            data-overview-count={value}
            data-count={count ?? ""}
            onClick={(event) => {
              // A click picks this value alone; with Shift (or Ctrl, ⌘) it joins those picked.
              // Clicked again, a picked value leaves.
              const picked: readonly string[] = selected ?? [];
              const adding = event.shiftKey || event.ctrlKey || event.metaKey;
              const values = pressed
                ? picked.filter((one) => one !== value)
                : adding
                  ? [...picked, value]
                  : [value];
              const next: AlarmFilters = { ...filters };
              if (values.length === 0) delete next[key];
              else (next as Record<string, unknown>)[key] = values;
              onFilter(next);
            }}
            className={`${CHIP} hover:border-blue-500 hover:bg-blue-50 aria-pressed:border-blue-600 aria-pressed:bg-blue-600 aria-pressed:text-white dark:hover:bg-blue-950 dark:aria-pressed:border-blue-400 dark:aria-pressed:bg-blue-500 dark:aria-pressed:text-slate-950`}
          >
            {content}
          </button>
        );
      })}
      {section?.rest ? <RestCount part={part} rest={section.rest} unknown={unknown} /> : null}
    </div>
  );
}

/** A count's pill: a button where it filters, a plain mark where the filter cannot ask. */
const CHIP =
  "inline-flex max-w-[16rem] shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

const REST_TITLE = {
  priority: "Other labels, beyond critical, high, medium and low",
  intent: "Other intents, beyond the most seen",
};

/** What a dimension holds beyond its named values: other labels or intents. */
function RestCount({
  part,
  rest,
  unknown,
}: {
  part: DimensionPart;
  rest: NonNullable<DimensionOverview["rest"]>;
  unknown: string | null;
}) {
  const about = REST_TITLE[part === "priority" ? "priority" : "intent"];
  const title =
    rest.count === null
      ? `Other: count unknown${unknown ? ` (${unknown})` : ""}`
      : `${about}: ${countOf(rest.count, "alarm")}`;
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-dashed border-slate-300 px-2 py-0.5 text-xs text-slate-700 dark:border-slate-600 dark:text-slate-200"
      title={title}
      aria-label={title}
      data-overview-count="other"
      data-count={rest.count ?? ""}
    >
      {part === "priority" ? (
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${PRIORITY_MARK.other}`} />
      ) : null}
      Other
      <span className="font-mono font-semibold tabular-nums">
        {rest.count === null ? "?" : formatCount(rest.count)}
      </span>
    </span>
  );
}
