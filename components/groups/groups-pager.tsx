"use client";
// A grouped list's pages, by number, under its groups (a deployment's list and the queue alike).

import type { UseQueryResult } from "@tanstack/react-query";
import type { AlarmGroupsPage } from "@/lib/shared/alarms/groups";
import type { PageSize } from "@/lib/shared/alarms/query";
import { Pager } from "@/components/list/pager";

/** The pager of `result`'s groups, once there are some (none while loading or failed). */
export function GroupsPager({
  result,
  page,
  size,
  onPage,
  onSize,
}: {
  result: UseQueryResult<AlarmGroupsPage, unknown>;
  page: number;
  size: PageSize;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}) {
  const data = result.data;
  if (!data || result.isError || data.page.totalElements === 0) return null;
  return (
    <Pager
      pages={{
        page,
        totalPages: data.page.totalPages,
        totalElements: data.page.totalElements,
        onPage,
        noun: ["group", "groups"],
      }}
      size={size}
      onSize={onSize}
    />
  );
}
