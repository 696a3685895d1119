"use client";
// The list a detail was opened from, as its place and steps read it: a deployment's list, or the
// list of several or every deployment (whose steps cross deployments). The same page queries as
// the lists.

import type { QueryFunction } from "@tanstack/react-query";
import type { ListPage, Listed } from "@/lib/shared/alarms/neighbours";
import { type ListPage as RowsPage, isTimePaged } from "@/lib/shared/alarms/list-pages";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { type ListView, viewHref } from "@/lib/shared/alarms/view";
import { detailHrefs } from "@/lib/shared/alarms/view-links";
import type { ListScope } from "@/lib/shared/deployments/scope";
import { listQueryOptions } from "@/lib/shared/queries/query-options";

/** A page's query as the place reads it: the list's own key and function (the client's retries). */
export interface PageQuery {
  queryKey: readonly unknown[];
  queryFn: QueryFunction<unknown, readonly unknown[]>;
}

/** The list's own query options, as the place reads them. */
function pageQuery(options: { queryKey: readonly unknown[]; queryFn?: unknown }): PageQuery {
  return options as PageQuery; // the factories set both (lib/shared/queries/query-options)
}

export interface ListSource {
  /** A page of the list: the list's own query (the same key, so its cached pages are read). */
  pageOptions(query: AlarmListQuery): PageQuery;
  /** What of a page's answer the place reads. */
  asPage(data: unknown): ListPage;
  /** The list showing `query`. */
  listHref(query: AlarmListQuery): string;
  /** The detail of `alarm`, opened from the list page `query`. */
  detailHref(query: AlarmListQuery, alarm: Required<Listed>): string;
}

/** A page paged by time has no numbers: no place in it (Back still leads there). */
const NO_PLACE: ListPage = { alarms: [], page: { totalElements: 0, totalPages: 0 } };

/**
 * The list of `scope` (its path's) the detail was opened from, as `view` names it (the
 * deployments of a list of several kept), read in the zone `tz`.
 */
export function listSource(scope: ListScope, view: ListView, tz: string): ListSource {
  const at = (query: AlarmListQuery): ListView => ({ ...view, query, tz });
  return {
    pageOptions: (query) => pageQuery(listQueryOptions(scope, at(query))),
    asPage: (data) => {
      const page = data as RowsPage;
      return isTimePaged(page) ? NO_PLACE : page;
    },
    listHref: (query) => viewHref(scope, at(query)),
    detailHref: (query, alarm) => detailHrefs(scope, at(query))(alarm),
  };
}
