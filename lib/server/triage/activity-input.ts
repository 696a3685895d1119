import "server-only";
import { z } from "zod";
import { invalidRequest } from "@/lib/shared/core/errors";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_FORMATS,
  type ActivityFilters,
  type ActivityFormat,
} from "@/lib/shared/triage/audit";

// The activity page's URL, read once by one schema for the page, its API and its export: each
// filter a parameter (lists repeat their key), times in ISO 8601, the keyset's `before` an id.
// A wrong value is a 400 naming its parameter (the page shows the trail without it instead).

const MAX_VALUES = 50;
const text = z.string().trim().min(1).max(320);
/** A time without an offset (the page's datetime inputs) is UTC, whatever the server's zone. */
const asUtc = (value: string) =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value) ? `${value}Z` : value;
const when = z
  .string()
  .trim()
  .transform(asUtc)
  .refine((value) => !Number.isNaN(Date.parse(value)), "is not a date or time")
  .transform((value) => Date.parse(value));

const filtersSchema = z.object({
  analyst: z.array(text.transform((value) => value.toLowerCase())).max(MAX_VALUES),
  action: z.array(z.enum(ACTIVITY_ACTIONS)).max(MAX_VALUES),
  deployment: z.array(text).max(MAX_VALUES),
  from: when.nullable(),
  to: when.nullable(),
  before: z.coerce.number().int().positive().nullable(),
});

const formatSchema = z.enum(ACTIVITY_FORMATS);

/** Each parameter's values, as the schema takes them (a single value or null where one is). */
function rawOf(params: URLSearchParams) {
  const one = (key: string) => params.get(key) || null;
  return {
    analyst: params.getAll("analyst").filter(Boolean),
    action: params.getAll("action").filter(Boolean),
    deployment: params.getAll("deployment").filter(Boolean),
    from: one("from"),
    to: one("to"),
    before: one("before"),
  };
}

export type ActivityRead =
  { ok: true; filters: ActivityFilters } | { ok: false; param: string; message: string };

/** The filters a URL names, or what is wrong with the first wrong parameter. */
export function readActivityFilters(params: URLSearchParams): ActivityRead {
  const parsed = filtersSchema.safeParse(rawOf(params));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = String(issue.path[0] ?? "query");
    return { ok: false, param, message: `${param}: ${issue.message}` };
  }
  const filters = parsed.data;
  if (filters.from !== null && filters.to !== null && filters.from >= filters.to) {
    return { ok: false, param: "from", message: "from must come before to." };
  }
  return { ok: true, filters };
}

/** The filters, or 400 invalid_request naming the parameter. */
export function activityFiltersOrThrow(params: URLSearchParams): ActivityFilters {
  const read = readActivityFilters(params);
  if (!read.ok) throw invalidRequest([{ param: read.param, message: read.message }]);
  return read.filters;
}

/** The export's format (csv unless named), or 400. */
export function activityFormatOrThrow(params: URLSearchParams): ActivityFormat {
  const parsed = formatSchema.safeParse(params.get("format") ?? "csv");
  if (!parsed.success) {
    throw invalidRequest([{ param: "format", message: "format must be csv or ndjson." }]);
  }
  return parsed.data;
}
