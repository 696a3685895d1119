"use client";
// The list's heading line: how many alarms and where the page is (across which deployments, for a
// list of several), and where the rows came from (the upstream, the index and how current it is,
// or each upstream by time where a list of several cannot have the index).

import { countOf, formatCount } from "@/lib/shared/alarms/format";
import { type ListPage, isTimePaged } from "@/lib/shared/alarms/list-pages";
import { SearchSource } from "@/components/search/search-source";
import { TimeText } from "@/components/ui/time-text";

export function ListSummary({
  data,
  page,
  across,
  searched,
  pastEnd,
  fetching,
}: {
  data: ListPage;
  /** The page asked for (numbered pages). */
  page: number;
  /** The deployments read, by name, for a list of several; null for a deployment's. */
  across: string | null;
  searched: boolean;
  pastEnd: boolean;
  fetching: boolean;
}) {
  const loading = fetching ? " · loading…" : "";
  const source = data.source ? (
    <>
      {" · "}
      <SearchSource source={data.source} searched={searched} />
    </>
  ) : null;
  if (!isTimePaged(data)) {
    const { totalElements, totalPages, totalIsLowerBound } = data.page;
    const keptFrom = "keptFrom" in data ? data.keptFrom : null;
    return (
      <>
        <span data-queue-count={across !== null ? "" : undefined}>
          {countOf(totalElements, "alarm", { orMore: totalIsLowerBound })}
        </span>
        {pastEnd
          ? " · past the last page"
          : ` · page ${formatCount(page + 1)} of ${formatCount(Math.max(1, totalPages))}`}
        {across !== null ? ` across ${across}` : null}
        {source}
        {keptFrom !== null ? (
          <span data-queue-kept>
            {" "}
            · the index keeps alarms from <TimeText ms={keptFrom} /> on
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
      {source}
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
