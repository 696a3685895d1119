"use client";
// The list a detail was opened from, as its place and steps read it: a deployment's list, or the
// queue of every deployment (whose steps cross deployments). The same page queries as the lists.

import type { QueryFunction } from "@tanstack/react-query";
import type { ListPage, Listed } from "@/lib/shared/alarms/neighbours";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import {
  type MergedView,
  mergedApiSearch,
  mergedDetailHrefs,
  mergedHref,
} from "@/lib/shared/alarms/merged-url";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { detailHrefsFor, listHref } from "@/lib/shared/alarms/url-state";
import { alarmsQueryOptions, mergedQueryOptions } from "@/lib/shared/queries/query-options";

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

/** A deployment's list, read in the zone `tz`. */
export function deploymentSource(deployment: string, tz: string): ListSource {
  return {
    pageOptions: (query) => pageQuery(alarmsQueryOptions(deployment, query)),
    asPage: (data) => data as AlarmPage,
    listHref: (query) => listHref(deployment, { query, tz }),
    detailHref: (query, alarm) => detailHrefsFor(alarm.deployment, { query, tz })(alarm.uuid),
  };
}

/** A page paged by time has no numbers: no place in it (Back still leads there). */
const NO_PLACE: ListPage = { alarms: [], page: { totalElements: 0, totalPages: 0 } };

/** The queue of every deployment `view` names (its deployments kept), read in the zone `tz`. */
export function queueSource(view: MergedView, tz: string): ListSource {
  const at = (query: AlarmListQuery): MergedView => ({ ...view, query, tz });
  return {
    pageOptions: (query) => pageQuery(mergedQueryOptions(mergedApiSearch(at(query)))),
    asPage: (data) => {
      const page = data as MergedQueuePage;
      return page.paging === "pages" ? page : NO_PLACE;
    },
    listHref: (query) => mergedHref(at(query)),
    detailHref: (query, alarm) => mergedDetailHrefs(at(query))(alarm),
  };
}
