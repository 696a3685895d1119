"use client";
// What the list of several or every deployment does not hold yet (from the index), said per
// deployment: never silently missing.

import Link from "next/link";
import { formatCount } from "@/lib/shared/alarms/format";
import type { IndexGap } from "@/lib/shared/alarms/list-pages";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { viewHref, viewOf } from "@/lib/shared/alarms/view";
import { oneDeployment } from "@/lib/shared/deployments/scope";
import { TimeText } from "@/components/ui/time-text";

/** Why one deployment's alarms may be missing from the list, in an analyst's words. */
function GapText({ gap, name }: { gap: IndexGap; name: string }) {
  const { backfill } = gap;
  const progress =
    backfill && backfill.estimate !== null
      ? ` (${formatCount(backfill.indexed)} of about ${formatCount(backfill.estimate)} so far)`
      : "";
  if (gap.whole) {
    return (
      <>
        <span className="font-semibold">{name}</span>
        {gap.state === "off" || gap.state === "unavailable"
          ? " is not indexed on this console"
          : " is not indexed yet"}
        : its alarms are not in this queue{gap.reason ? ` (${gap.reason})` : ""}.
      </>
    );
  }
  return (
    <>
      <span className="font-semibold">{name}</span>
      {gap.olderThan !== null ? (
        <>
          {" "}
          is still being indexed{progress}: its alarms before <TimeText ms={gap.olderThan} /> are
          not here yet
        </>
      ) : null}
      {gap.olderThan !== null && gap.newerThan !== null ? ", and" : null}
      {gap.newerThan !== null ? (
        <>
          {gap.olderThan !== null ? "" : "'s index is behind"}: its alarms since{" "}
          <TimeText ms={gap.newerThan} /> are not here yet
          {gap.reason ? ` (${gap.reason})` : ""}
        </>
      ) : null}
      .
    </>
  );
}

/**
 * One line per deployment whose alarms the index does not hold whole over the view's range, with
 * the way to its own list (which reads its upstream): the count above says "or more" meanwhile.
 */
export function IndexGaps({
  gaps,
  nameOf,
  query,
  tz,
}: {
  gaps: readonly IndexGap[];
  nameOf: (key: string) => string;
  /** The list's view, for the deployment's own list of the same filters. */
  query: AlarmListQuery;
  tz: string;
}) {
  if (gaps.length === 0) return null;
  const own = { ...query, page: 0 };
  return (
    <div className="flex flex-col gap-1.5" data-index-gaps>
      {gaps.map((gap) => (
        <div
          key={gap.deployment}
          role="status"
          data-index-gap={gap.deployment}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p>
            <GapText gap={gap} name={nameOf(gap.deployment)} />
          </p>
          <Link
            href={viewHref(oneDeployment(gap.deployment), viewOf(own, tz))}
            className="shrink-0 font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
          >
            Open {nameOf(gap.deployment)}&rsquo;s own list
          </Link>
        </div>
      ))}
    </div>
  );
}
