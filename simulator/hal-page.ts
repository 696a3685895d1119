// The Spring-Data/HAL page envelope around a list of alarms, with absolute navigation links.
import type { AlarmQuery } from "./alarm-query";

export const ALARMS_PATH = "/api/2.0/alarms";

interface Link {
  href: string;
  templated: false;
}

/** Encodes a query value but keeps the comma literal, as in `sort=timestamp_occured,desc`. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/g, ",");
}

function pageLink(origin: string, q: AlarmQuery, page: number): Link {
  const pairs: Array<[string, string]> = [
    ["page", String(page)],
    ["size", String(q.size)],
    ["sort", `${q.sortField},${q.descending ? "desc" : "asc"}`],
    ...q.filterParams,
  ];
  const query = pairs.map(([k, v]) => `${k}=${encode(v)}`).join("&");
  return { href: `${origin}${ALARMS_PATH}?${query}`, templated: false };
}

/**
 * Link rules: `first` and `last` are always present (`last` is page 0 when nothing matches);
 * `prev` exists on every page after the first and never points past `last`; `next` exists
 * only while a later page holds rows; `self` carries no query.
 */
export function buildPageBody(
  origin: string,
  q: AlarmQuery,
  totalElements: number,
  alarms: unknown[],
): Record<string, unknown> {
  const totalPages = Math.ceil(totalElements / q.size);
  const lastPage = Math.max(totalPages - 1, 0);
  const links: Record<string, Link> = { first: pageLink(origin, q, 0) };
  if (q.page > 0) links.prev = pageLink(origin, q, Math.min(q.page - 1, lastPage));
  links.self = { href: `${origin}${ALARMS_PATH}`, templated: false };
  if (q.page < totalPages - 1) links.next = pageLink(origin, q, q.page + 1);
  links.last = pageLink(origin, q, lastPage);
  return {
    _links: links,
    ...(alarms.length > 0 && { _embedded: { alarms } }),
    page: { size: q.size, totalElements, totalPages, number: q.page },
  };
}
