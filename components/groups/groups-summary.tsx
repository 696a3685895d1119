"use client";
// A grouped list's heading, in every list's first load (its table is fetched when grouped).

import type { AlarmGroupsPage } from "@/lib/shared/alarms/groups";
import { countOf } from "@/lib/shared/alarms/format";
import { SearchSource } from "@/components/search/search-source";

/** A grouped list's heading: "1,127 alarms in 18 groups{detail} · where they came from". */
export function GroupsSummary({
  page,
  detail,
  fetching,
}: {
  page: AlarmGroupsPage;
  /** What the list adds (its page, the deployments across). */
  detail: string;
  fetching: boolean;
}) {
  return (
    <>
      {countOf(page.alarms, "alarm")} in {countOf(page.page.totalElements, "group")}
      {detail}
      {" · "}
      <SearchSource source={page.source} />
      {fetching ? " · loading…" : ""}
    </>
  );
}
