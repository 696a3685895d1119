"use client";

import Link from "next/link";
import {
  type PivotValue,
  pivotHref,
  pivotKey,
  pivotRangePhrase,
  pivotTerm,
} from "@/lib/shared/search/pivot-link";
import { alarmCountText } from "@/lib/shared/search/pivots";
import { usePivotsContext } from "./use-pivots";

// A value of the detail that leads to the list searching for it (same deployment, the range and
// zone of the list the analyst came from), with how many alarms carry it beside it once the
// index has answered. The link works whether or not the count ever comes.

export const LINK_STYLE =
  "text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800 dark:text-blue-300 dark:decoration-blue-700";

/**
 * The count beside a pivot: "14 alarms", the range said to assistive technology and on hover.
 * `below`: on a line of its own (in a table's narrow cells).
 */
export function PivotCount({ pivot, below = false }: { pivot: PivotValue; below?: boolean }) {
  const pivots = usePivotsContext();
  const count = pivots?.counts.get(pivotKey(pivot));
  if (!pivots || !count) return null;
  const range = pivotRangePhrase(pivots.range);
  const text = alarmCountText(count);
  return (
    <span
      className={`${below ? "block" : "ml-1.5 inline-block"} font-sans text-[11px] font-normal whitespace-nowrap text-slate-500 tabular-nums no-underline dark:text-slate-400`}
      title={`${text} ${range}`}
      data-pivot-count
    >
      {text}
      <span className="sr-only"> {range}</span>
    </span>
  );
}

export function PivotLink({
  pivot,
  className = "",
  countBelow = false,
  children,
}: {
  pivot: PivotValue;
  className?: string;
  /** The count on a line of its own. */
  countBelow?: boolean;
  children?: React.ReactNode;
}) {
  const pivots = usePivotsContext();
  if (!pivots) return <span className={className}>{children ?? pivot.value}</span>;
  const term = pivotTerm(pivot);
  return (
    <>
      <Link
        href={pivotHref(pivots.deployment, pivot, pivots.range, pivots.tz)}
        title={`Search alarms for ${term} ${pivotRangePhrase(pivots.range)}`}
        className={`${LINK_STYLE} ${className}`}
        data-pivot={pivot.field}
      >
        {children ?? pivot.value}
      </Link>
      <PivotCount pivot={pivot} below={countBelow} />
    </>
  );
}
