// Parses and validates the query string of GET /api/2.0/alarms. Every rejection names the
// offending parameter, and the accepted filters are kept in a canonical order for the page links.
import {
  PRIORITY_LABELS,
  SIM_MAX_PAGE_SIZE,
  SIM_SORT_FIELDS,
  STATUS_NAMES,
  SortField,
} from "./dataset";

export interface AlarmFilters {
  /** Allowed status codes (index = code), or null for no status filter. */
  statusMask: Uint8Array | null;
  suppressed: boolean | null;
  priorityLabel: (typeof PRIORITY_LABELS)[number] | null;
  ruleIntent: string | null;
  ruleMethod: string | null;
  ruleStrategy: string | null;
  sensorUuid: string | null;
  occurredGte: number | null;
  occurredLte: number | null;
}

export interface AlarmQuery {
  page: number;
  size: number;
  sortField: SortField;
  descending: boolean;
  filters: AlarmFilters;
  /** The active filters as query pairs, repeated on first/prev/next/last. */
  filterParams: Array<[string, string]>;
}

export class QueryError extends Error {
  constructor(
    readonly param: string,
    reason: string,
  ) {
    super(`Invalid value for parameter '${param}': ${reason}`);
  }
}

const JAVA_INT_MAX = 2147483647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STATUS_VALUES = ["open", "in_review", "closed"];

/** The single non-empty value of a parameter; empty values count as absent, as Spring binds them. */
function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name).filter((v) => v !== "");
  if (values.length > 1) throw new QueryError(name, "must be given once");
  return values[0] ?? null;
}

function integer(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = single(params, name);
  if (raw === null) return null;
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) {
    throw new QueryError(name, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function parseSort(raw: string | null): { sortField: SortField; descending: boolean } {
  if (raw === null) return { sortField: "timestamp_occured", descending: true };
  const [field = "", direction = "asc", ...rest] = raw.split(",");
  const known = SIM_SORT_FIELDS.find((f) => f === field);
  if (!known) {
    throw new QueryError(
      "sort",
      `unknown field '${field}'; use one of ${SIM_SORT_FIELDS.join(", ")}`,
    );
  }
  const dir = direction.toLowerCase();
  if (rest.length > 0 || (dir !== "asc" && dir !== "desc")) {
    throw new QueryError("sort", "expected 'field,asc' or 'field,desc'");
  }
  return { sortField: known, descending: dir === "desc" };
}

/** status is an array upstream: repeated parameters and comma lists both select several. */
function parseStatus(params: URLSearchParams): { mask: Uint8Array; values: string[] } | null {
  const values = params
    .getAll("status")
    .flatMap((v) => v.split(","))
    .filter((v) => v !== "");
  if (values.length === 0) return null;
  const mask = new Uint8Array(STATUS_NAMES.length);
  for (const value of values) {
    const code = STATUS_NAMES.indexOf(value as (typeof STATUS_NAMES)[number]);
    if (code <= 0) throw new QueryError("status", `must be one of ${STATUS_VALUES.join(", ")}`);
    mask[code] = 1;
  }
  return { mask, values: [...new Set(values)] };
}

export function parseAlarmQuery(params: URLSearchParams): AlarmQuery {
  const page = integer(params, "page", 0, JAVA_INT_MAX) ?? 0;
  const size = integer(params, "size", 1, SIM_MAX_PAGE_SIZE) ?? 20;
  const sort = parseSort(single(params, "sort"));
  const filterParams: Array<[string, string]> = [];
  const remember = <T>(name: string, raw: string | null, value: T): T => {
    if (raw !== null) filterParams.push([name, raw]);
    return value;
  };

  const status = parseStatus(params);
  status?.values.forEach((v) => filterParams.push(["status", v]));

  const suppressedRaw = single(params, "suppressed");
  if (suppressedRaw !== null && suppressedRaw !== "true" && suppressedRaw !== "false") {
    throw new QueryError("suppressed", "must be true or false");
  }
  const labelRaw = single(params, "priority_label");
  const label = PRIORITY_LABELS.find((l) => l.label === labelRaw) ?? null;
  if (labelRaw !== null && !label) {
    throw new QueryError("priority_label", "must be one of low, medium, high");
  }
  const sensorRaw = single(params, "alarm_sensor_sources");
  if (sensorRaw !== null && !UUID.test(sensorRaw.toLowerCase())) {
    throw new QueryError("alarm_sensor_sources", "must be a sensor uuid");
  }
  const epoch = (name: string) => integer(params, name, 0, Number.MAX_SAFE_INTEGER);
  const [intent, method, strategy] = ["rule_intent", "rule_method", "rule_strategy"].map((name) =>
    single(params, name),
  );
  const gte = epoch("timestamp_occured_gte");
  const lte = epoch("timestamp_occured_lte");

  const filters: AlarmFilters = {
    statusMask: status?.mask ?? null,
    suppressed: remember(
      "suppressed",
      suppressedRaw,
      suppressedRaw === null ? null : suppressedRaw === "true",
    ),
    priorityLabel: remember("priority_label", labelRaw, label),
    ruleIntent: remember("rule_intent", intent ?? null, intent ?? null),
    ruleMethod: remember("rule_method", method ?? null, method ?? null),
    ruleStrategy: remember("rule_strategy", strategy ?? null, strategy ?? null),
    sensorUuid: remember("alarm_sensor_sources", sensorRaw, sensorRaw?.toLowerCase() ?? null),
    occurredGte: remember("timestamp_occured_gte", gte === null ? null : String(gte), gte),
    occurredLte: remember("timestamp_occured_lte", lte === null ? null : String(lte), lte),
  };
  return { page, size, ...sort, filters, filterParams };
}
