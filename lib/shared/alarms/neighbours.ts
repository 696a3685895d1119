import type { AlarmListQuery } from "./query";
import type { AlarmPage } from "./types";

// Where an alarm opened from a list sits in that list ("37 of 2,043") and which alarms are
// before and after it, across page boundaries. Pure and client-safe: the caller hands in the
// pages it has (the query cache) and loads the pages the answer says it reads or waits for.

/** One alarm as a page lists it: its deployment where the list holds several (the queue). */
export type Listed = Pick<AlarmPage["alarms"][number], "uuid"> & { deployment?: string };

/** What of a page the answer needs. */
export type ListPage = {
  alarms: readonly Listed[];
  page: Pick<AlarmPage["page"], "totalElements" | "totalPages">;
};

/** A loaded page of the list, or undefined while it is not (yet) loaded. */
export type PageOf = (query: AlarmListQuery) => ListPage | undefined;

/** The alarm before or after this one, and the list page it is on. */
export interface Step {
  query: AlarmListQuery;
  /**
   * Undefined while its page is not loaded: it is then that page's last alarm (a previous step)
   * or its first (a next step) that `skip` does not hold.
   */
  uuid: string | undefined;
  /** The deployment of the alarm, where the page said (the queue of every deployment). */
  deployment?: string;
  /**
   * The alarms of the page being left: a neighbour page read at another moment than it (rows
   * moved in between) may repeat some, and a step never lands on one already passed.
   */
  skip: readonly string[];
}

export interface Place {
  /** The list page the alarm is on: the page `from` named, or one next to it when rows moved. */
  query: AlarmListQuery;
  /** 1-based: page * size + index + 1. */
  position: number;
  total: number;
  previous: Step | null;
  next: Step | null;
}

export type Location =
  /** `pages`: every list page the answer read or waits for, the named page first. */
  | { state: "found"; place: Place; pages: AlarmListQuery[] }
  /** Pages that could hold the alarm are still loading. */
  | { state: "locating"; pages: AlarmListQuery[] }
  /** Not on the named page nor on those beside it: no position (Back still works). */
  | { state: "lost"; pages: AlarmListQuery[] };

const sameUuid = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Finds `uuid` (of `deployment`, where the list holds several) on the page `from` names, else on
 * the pages just before and after it.
 */
export function locate(
  from: AlarmListQuery,
  uuid: string,
  pageOf: PageOf,
  deployment?: string,
): Location {
  const isIt = (alarm: Listed) =>
    sameUuid(alarm.uuid, uuid) &&
    (deployment === undefined || alarm.deployment === undefined || alarm.deployment === deployment);
  const atPage = (page: number): AlarmListQuery => ({ ...from, page });
  const named = pageOf(from);
  if (!named) return { state: "locating", pages: [from] };

  // Rows move while the analyst reads (new alarms on top, closed ones leaving a filtered view):
  // an alarm that was on page 3 may now be the last of page 2 or the first of page 4.
  const candidates = [from.page, from.page - 1, from.page + 1]
    .filter((page) => page >= 0 && (page <= from.page || page < named.page.totalPages))
    .map(atPage);
  const pages: AlarmListQuery[] = [];
  let pending = false;
  for (const query of candidates) {
    const data = pageOf(query);
    pages.push(query);
    if (!data) {
      pending = true;
      continue;
    }
    const index = data.alarms.findIndex(isIt);
    if (index >= 0) return found(query, data, index, pageOf, pages);
  }
  return { state: pending ? "locating" : "lost", pages };
}

function found(
  home: AlarmListQuery,
  data: ListPage,
  index: number,
  pageOf: PageOf,
  alreadyRead: AlarmListQuery[],
): Location {
  const pages = [...alreadyRead];
  const read = (query: AlarmListQuery) => {
    if (!pages.some((page) => page.page === query.page)) pages.push(query);
    return pageOf(query);
  };
  const { alarms } = data;
  const skip = alarms.map((alarm) => alarm.uuid);

  const on = (alarm: Listed): Step => ({
    query: home,
    uuid: alarm.uuid,
    ...(alarm.deployment !== undefined ? { deployment: alarm.deployment } : {}),
    skip: [],
  });
  let previous: Step | null = null;
  if (index > 0) previous = on(alarms[index - 1]!);
  else if (home.page > 0) {
    const query = { ...home, page: home.page - 1 };
    const before = read(query);
    const alarm = before && stepAlarm({ query, uuid: undefined, skip }, "previous", before);
    // A loaded page with nothing new (the list shrank under it) has no alarm to go to.
    if (!before) previous = { query, uuid: undefined, skip };
    else if (alarm) previous = { ...on(alarm), query, skip };
  }

  let next: Step | null = null;
  if (index < alarms.length - 1) next = on(alarms[index + 1]!);
  else if (home.page + 1 < data.page.totalPages) {
    const query = { ...home, page: home.page + 1 };
    const after = read(query);
    const alarm = after && stepAlarm({ query, uuid: undefined, skip }, "next", after);
    if (!after) next = { query, uuid: undefined, skip };
    else if (alarm) next = { ...on(alarm), query, skip };
  }

  return {
    state: "found",
    place: {
      query: home,
      position: home.page * home.size + index + 1,
      total: data.page.totalElements,
      previous,
      next,
    },
    pages,
  };
}

/**
 * The uuid a step leads to once its page is loaded: going forward the page's first alarm, going
 * back its last, leaving out those of the page being left (rows that moved across the edge).
 */
export function stepTarget(
  step: Step,
  direction: "previous" | "next",
  page: ListPage,
): string | undefined {
  return stepAlarm(step, direction, page)?.uuid;
}

/** The alarm a step leads to (its deployment where the page says), as stepTarget finds it. */
export function stepAlarm(
  step: Step,
  direction: "previous" | "next",
  page: ListPage,
): Listed | undefined {
  if (step.uuid !== undefined) {
    return { uuid: step.uuid, ...(step.deployment ? { deployment: step.deployment } : {}) };
  }
  const fresh = page.alarms.filter(
    (alarm) => !step.skip.some((uuid) => sameUuid(uuid, alarm.uuid)),
  );
  return direction === "next" ? fresh[0] : fresh.at(-1);
}
