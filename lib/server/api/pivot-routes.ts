import "server-only";
import { isIP } from "node:net";
import { z } from "zod";
import type { DatabaseState } from "@/lib/server/db";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import { pivotCounts, type PivotWindow } from "@/lib/server/search/pivots";
import { relatedAlarms } from "@/lib/server/search/related";
import {
  DEFAULT_QUERY,
  isAlarmUuid,
  paramParsers,
  resolveRange,
  type AlarmFilters,
} from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import {
  DEFAULT_PIVOT_RANGE,
  PIVOT_FIELDS,
  type PivotField,
  type PivotValue,
} from "@/lib/shared/search/pivot-link";
import {
  MAX_PIVOT_VALUES,
  MAX_PIVOT_VALUE_LENGTH,
  type PivotsAnswer,
  type RelatedShare,
} from "@/lib/shared/search/pivots";
import { parseQuery, type Parsed } from "./request-input";

// The request -> answer logic of GET /api/d/{deployment}/alarms/{uuid}/pivots (the route file
// wraps it in deploymentRoute, which has already checked that the analyst may see the
// deployment: every query below is of that deployment only). Read from the console's index
// alone: without one, 503 index_unavailable with the reason, while the detail itself is read
// from the upstream as ever.

const RANGE_KEYS = ["range", "timestamp_occured_gte", "timestamp_occured_lte"] as const;

const valuesSchema = (field: PivotField) =>
  z
    .array(
      z
        .string()
        .max(MAX_PIVOT_VALUE_LENGTH, `a ${field} may be at most ${MAX_PIVOT_VALUE_LENGTH} long`)
        // PostgreSQL's text (PGlite's too) refuses NUL outright, so the index holds none and a
        // query carrying one fails: the caller's mistake, said as such, never a 500.
        .refine((value) => !value.includes("\u0000"), `a ${field} must not contain NUL (U+0000)`)
        .refine((value) => value.trim() !== "", `a ${field} must not be empty`)
        .refine(
          (value) => field !== "ip" || isIP(value.trim()) !== 0,
          "ip takes an IPv4 or IPv6 address",
        ),
    )
    .max(MAX_PIVOT_VALUES, `at most ${MAX_PIVOT_VALUES} values of ${field}`);

interface PivotsRequest {
  values: PivotValue[];
  filters: AlarmFilters;
}

/** The values asked about, in the order of the query string, and the range's filters. */
function pivotsQuery(params: URLSearchParams): Parsed<PivotsRequest> {
  const asked: PivotsRequest = { values: [], filters: {} };
  const invalid = (param: string, message: string) => ({
    value: asked,
    problems: [{ param, message }],
  });
  for (const key of new Set(params.keys())) {
    if (!(PIVOT_FIELDS as readonly string[]).includes(key) && !RANGE_KEYS.includes(key as never)) {
      return invalid(key, `${key} is not a parameter of pivots`);
    }
  }
  for (const field of PIVOT_FIELDS) {
    const parsed = valuesSchema(field).safeParse(params.getAll(field));
    if (!parsed.success) return invalid(field, parsed.error.issues[0]!.message);
  }
  const values = [...params.entries()].flatMap(([key, value]) =>
    (PIVOT_FIELDS as readonly string[]).includes(key) ? [{ field: key as PivotField, value }] : [],
  );
  const filters: AlarmFilters = {};
  for (const key of RANGE_KEYS) {
    const given = params.getAll(key);
    if (given.length > 1) return invalid(key, `${key} may be given only once`);
    if (given[0] === undefined) continue;
    const parsed = paramParsers[key](given[0]);
    if (!parsed.ok) return invalid(key, `${key} ${parsed.message}`);
    Object.assign(filters, { [key]: parsed.value });
  }
  const { range, timestamp_occured_gte: gte, timestamp_occured_lte: lte } = filters;
  if (range !== undefined && (gte !== undefined || lte !== undefined)) {
    return invalid("range", "range cannot be combined with timestamp_occured_gte or _lte");
  }
  if (gte !== undefined && lte !== undefined && lte < gte) {
    return invalid("timestamp_occured_lte", "timestamp_occured_lte must not be before _gte");
  }
  const defaulted = Object.keys(filters).length === 0 ? { ...DEFAULT_PIVOT_RANGE } : filters;
  return { value: { values, filters: defaulted }, problems: [] };
}

/** The window a request's range names, as of `now` (a rolling range as the list resolves it). */
function windowOf(filters: AlarmFilters, now: number): PivotWindow {
  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = resolveRange(
    { ...DEFAULT_QUERY, filters },
    now,
  ).filters;
  return { gte: gte ?? null, lte: lte ?? null };
}

export interface PivotsContext {
  /** The database to read (the request context's). */
  database: () => Promise<DatabaseState>;
  now: number;
}

/**
 * GET /api/d/{deployment}/alarms/{uuid}/pivots?ip=…&host=…&user=…&sensor=…&strategy=…&method=…
 * &technique=…&range=7d (or timestamp_occured_gte/_lte; default the last 7 days): each value's
 * count of alarms in the range, and the newest other alarms sharing the addresses or users.
 */
export async function alarmPivots(
  url: URL,
  deployment: string,
  uuid: string,
  { database, now }: PivotsContext,
): Promise<PivotsAnswer> {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no such alarm.");
  const { values, filters } = parseQuery(url.searchParams, pivotsQuery);
  const state = await database();
  if (!state.ok) throw new ApiError("index_unavailable", state.reason);
  const { db } = state.database;
  const window = windowOf(filters, now);
  const shares = values.filter(
    (value): value is RelatedShare => value.field === "ip" || value.field === "user",
  );
  try {
    const counts = await pivotCounts(db, deployment, values, window);
    const related = await relatedAlarms(db, deployment, uuid.toLowerCase(), shares, window);
    const self = related.selfInWindow ? 1 : 0;
    const shared = shares.map((share) => {
      const count = counts[values.indexOf(share)]!;
      return { ...share, others: Math.max(0, count.count - self), capped: count.capped };
    });
    return { window, counts, related: { alarms: related.alarms, shared } };
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}
