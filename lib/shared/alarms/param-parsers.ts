// One parser per parameter of the alarm list's query (./query-shape.ts): each reads the text a
// link gives and returns its typed value or what is wrong with it, never throwing. Client-safe.

import { SEARCH_LIMITS } from "@/lib/shared/search/ast";
import { readLinkTime } from "./link-time";
import { STATUS_FILTERS } from "./status";
import { PRIORITY_LABELS } from "./priority";
import {
  MAX_PAGE,
  PAGE_SIZES,
  RANGES,
  SORT_FIELDS,
  type PageSize,
  type QueryKey,
  type SortDirection,
} from "./query-shape";

const MAX_TEXT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What reading one parameter gives: its typed value, or what is wrong with it. */
type ParamResult<T> = { ok: true; value: T } | { ok: false; message: string };
type ParamParser<T> = (raw: string) => ParamResult<T>;

const ok = <T>(value: T): ParamResult<T> => ({ ok: true, value });
const wrong = (message: string): ParamResult<never> => ({ ok: false, message });

// Names are read in any case (`Open`, `HIGH`) and written in their canonical lower case.
const oneOf =
  <T extends string>(values: readonly T[], message: string): ParamParser<T> =>
  (raw) => {
    const value = raw.toLowerCase();
    return (values as readonly string[]).includes(value) ? ok(value as T) : wrong(message);
  };

// Digits only, so Number() gives a whole number >= 0 (Infinity for absurdly many digits).
const wholeNumber =
  (max: number): ParamParser<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw)) return wrong("must be a whole number");
    const value = Number(raw);
    return value <= max ? ok(value) : wrong(`must be at most ${max}`);
  };

const text: ParamParser<string> = (raw) => {
  const value = raw.trim();
  if (value.length === 0) return wrong("must not be empty");
  if (value.length > MAX_TEXT) return wrong(`must be at most ${MAX_TEXT} characters`);
  if (/[\u0000-\u001f\u007f]/.test(value)) return wrong("must not contain control characters");
  return ok(value);
};

const time: ParamParser<number> = (raw) => {
  const ms = readLinkTime(raw);
  return ms === null ? wrong("must be a time such as 2026-11-29T06:00:00Z") : ok(ms);
};

// `p` counts from 1; the query from 0.
const pageFromOne: ParamParser<number> = (raw) => {
  if (!/^\d+$/.test(raw)) return wrong("must be a whole number");
  const value = Number(raw);
  if (value < 1) return wrong("must be at least 1 (the first page)");
  return value <= MAX_PAGE + 1 ? ok(value - 1) : wrong(`must be at most ${MAX_PAGE + 1}`);
};

const sortField = oneOf(SORT_FIELDS, `field must be one of ${SORT_FIELDS.join(", ")}`);
const sortDirection = oneOf<SortDirection>(["asc", "desc"], "direction must be asc or desc");

/**
 * One parser per parameter, so an error can name exactly the parameter that is wrong (the first
 * thing wrong with it). Plain functions rather than zod: the browser runs these on every URL
 * change, and zod (even zod/mini, as Turbopack bundles it) would add about 17 KB gzipped to every
 * first load for a dozen string checks (measured with npm run bench -- lighthouse when the list
 * first shipped). ./query.test.ts pins every rule and message.
 */
export const paramParsers = {
  p: pageFromOne,
  page: wholeNumber(MAX_PAGE),
  size: (raw) =>
    PAGE_SIZES.map(String).includes(raw)
      ? ok(Number(raw) as PageSize)
      : wrong(`must be one of ${PAGE_SIZES.join(", ")}`),
  sort: (raw) => {
    const parts = raw.split(",");
    if (parts.length !== 2) return wrong("must be field,asc or field,desc");
    const field = sortField(parts[0]!);
    if (!field.ok) return field;
    const direction = sortDirection(parts[1]!);
    if (!direction.ok) return direction;
    return ok({ field: field.value, direction: direction.value });
  },
  // Kept exactly as typed (a shared link reproduces the search); all blank is no search.
  q: (raw) =>
    raw.trim() === ""
      ? ok(undefined)
      : raw.length > SEARCH_LIMITS.length
        ? wrong(`must be at most ${SEARCH_LIMITS.length.toLocaleString("en")} characters`)
        : ok(raw),
  status: oneOf(STATUS_FILTERS, `must be one of ${STATUS_FILTERS.join(", ")}`),
  suppressed: (raw) => {
    const value = raw.toLowerCase();
    return value === "true" || value === "false"
      ? ok(value === "true")
      : wrong("must be true or false");
  },
  priority_label: oneOf(PRIORITY_LABELS, `must be one of ${PRIORITY_LABELS.join(", ")}`),
  rule_intent: text,
  rule_strategy: text,
  rule_method: text,
  alarm_sensor_sources: (raw) =>
    UUID.test(raw) ? ok(raw.toLowerCase()) : wrong("must be a sensor uuid"),
  range: oneOf(RANGES, `must be one of ${RANGES.join(", ")}`),
  timestamp_occured_gte: time,
  timestamp_occured_lte: time,
} satisfies { [K in QueryKey]: ParamParser<unknown> };

export function isAlarmUuid(value: string): boolean {
  return UUID.test(value);
}

/** Whether a text filter (rule intent, strategy, method) takes `value` exactly as it is. */
export function isFilterText(value: string): boolean {
  const parsed = paramParsers.rule_strategy(value);
  return parsed.ok && parsed.value === value;
}
