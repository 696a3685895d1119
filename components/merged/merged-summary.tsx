"use client";
// The queue's heading line: how many alarms and where the page is, across which deployments, and
// where the rows came from (the index and how current it is, or each upstream by time).

import { countOf, formatCount } from "@/lib/shared/alarms/format";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import { SearchSource } from "@/components/search/search-source";
import { TimeText } from "@/components/ui/time-text";

export function MergedSummary({
  data,
  page,
  across,
  searched,
  pastEnd,
  fetching,
}: {
  data: MergedQueuePage;
  /** The page asked for (numbered pages). */
  page: number;
  /** The deployments read, by name. */
  across: string;
  searched: boolean;
  pastEnd: boolean;
  fetching: boolean;
}) {
  const loading = fetching ? " · loading…" : "";
  if (data.paging === "pages") {
    const { totalElements, totalPages, totalIsLowerBound } = data.page;
    return (
      <>
        <span data-queue-count>
          {countOf(totalElements, "alarm", { orMore: totalIsLowerBound })}
        </span>
        {pastEnd
          ? " · past the last page"
          : ` · page ${formatCount(page + 1)} of ${formatCount(Math.max(1, totalPages))}`}
        {` across ${across} · `}
        <SearchSource source={data.source} searched={searched} />
        {data.keptFrom !== null ? (
          <span data-queue-kept>
            {" "}
            · the index keeps alarms from <TimeText ms={data.keptFrom} /> on
          </span>
        ) : null}
        {loading}
      </>
    );
  }
  return (
    <>
      {data.matches
        ? `${countOf(data.matches.count, "alarm", { orMore: data.matches.isLowerBound })} · `
        : null}
      Newest first across {across}
      {data.source ? (
        <>
          {" · "}
          <SearchSource source={data.source} searched={searched} />
        </>
      ) : null}
      {data.indexUnavailable ? (
        <span data-index-unavailable title={data.indexUnavailable}>
          {" "}
          · read from each deployment (sorting, page numbers, groups and the overview need the
          index: {data.indexUnavailable.replace(/\.$/, "")})
        </span>
      ) : null}
      {loading}
    </>
  );
}
