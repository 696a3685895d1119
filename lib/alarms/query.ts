import { z } from "zod";

// The URL contract of the alarm list: one schema parses the page's search params, the route
// handler's query and (through toUpstreamParams) what goes upstream. Client-safe.

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The fields the upstream sorts by (the real service documents only timestamp_occured). */
export const SORT_FIELDS = [
  "timestamp_occured",
  "timestamp_received",
  "priority",
  "status",
  "rule_intent",
  "rule_strategy",
  "rule_method",
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export const STATUSES = ["open", "in_review", "closed"] as const;
export type AlarmStatus = (typeof STATUSES)[number];

export const PRIORITY_LABELS = ["low", "medium", "high"] as const;
export type PriorityLabel = (typeof PRIORITY_LABELS)[number];

export const DEFAULT_SORT = { field: "timestamp_occured", direction: "desc" } as const satisfies {
  field: SortField;
  direction: SortDirection;
};

/** Deep pages beyond this are refused: no analyst pages that far, and links stay sane. */
export const MAX_PAGE = 100_000;
const MAX_TEXT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AlarmFilters {
  status?: AlarmStatus;
  suppressed?: boolean;
  priority_label?: PriorityLabel;
  rule_intent?: string;
  rule_strategy?: string;
  rule_method?: string;
  alarm_sensor_sources?: string;
  /** Epoch ms, inclusive. */
  timestamp_occured_gte?: number;
  /** Epoch ms, inclusive. */
  timestamp_occured_lte?: number;
}

export interface AlarmListQuery {
  page: number;
  size: PageSize;
  sort: { field: SortField; direction: SortDirection };
  filters: AlarmFilters;
}

export const FILTER_KEYS = [
  "status",
  "suppressed",
  "priority_label",
  "rule_intent",
  "rule_strategy",
  "rule_method",
  "alarm_sensor_sources",
  "timestamp_occured_gte",
  "timestamp_occured_lte",
] as const satisfies readonly (keyof AlarmFilters)[];

export const QUERY_KEYS = ["page", "size", "sort", ...FILTER_KEYS] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

export const DEFAULT_QUERY: AlarmListQuery = {
  page: 0,
  size: 20,
  sort: { ...DEFAULT_SORT },
  filters: {},
};

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(0).max(max, `must be at most ${max}`));

const text = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`)
  .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters");

const epochMs = z
  .string()
  .regex(/^\d{1,15}$/, "must be a time in epoch milliseconds")
  .transform(Number);

/** One schema per parameter, so an error can name exactly the parameter that is wrong. */
export const paramSchemas = {
  page: wholeNumber(MAX_PAGE),
  size: z
    .string()
    .refine((value) => PAGE_SIZES.map(String).includes(value), {
      message: `must be one of ${PAGE_SIZES.join(", ")}`,
    })
    .transform((value) => Number(value) as PageSize),
  sort: z
    .string()
    .transform((value) => value.split(","))
    .pipe(
      z.tuple(
        [
          z.enum(SORT_FIELDS, { message: `field must be one of ${SORT_FIELDS.join(", ")}` }),
          z.enum(["asc", "desc"], { message: "direction must be asc or desc" }),
        ],
        { message: "must be field,asc or field,desc" },
      ),
    )
    .transform(([field, direction]) => ({ field, direction })),
  status: z.enum(STATUSES, { message: `must be one of ${STATUSES.join(", ")}` }),
  suppressed: z
    .enum(["true", "false"], { message: "must be true or false" })
    .transform((value) => value === "true"),
  priority_label: z.enum(PRIORITY_LABELS, {
    message: `must be one of ${PRIORITY_LABELS.join(", ")}`,
  }),
  rule_intent: text,
  rule_strategy: text,
  rule_method: text,
  alarm_sensor_sources: z.string().regex(UUID, "must be a sensor uuid"),
  timestamp_occured_gte: epochMs,
  timestamp_occured_lte: epochMs,
} satisfies Record<QueryKey, z.ZodType>;

export interface QueryProblem {
  param: QueryKey;
  message: string;
}

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

function firstValues(input: SearchParamsInput): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const entries: [string, string | string[] | undefined][] =
    input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input);
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    values.set(key, [...(values.get(key) ?? []), ...(Array.isArray(value) ? value : [value])]);
  }
  return values;
}

/**
 * Parses search params into a query. Every wrong parameter is reported and replaced by its
 * default, so a page can correct the URL visibly and an API can refuse with the parameter's name.
 * Unknown parameters are ignored (links from elsewhere may carry tracking params).
 */
export function parseAlarmListQuery(input: SearchParamsInput): {
  query: AlarmListQuery;
  problems: QueryProblem[];
} {
  const raw = firstValues(input);
  const problems: QueryProblem[] = [];
  const query: AlarmListQuery = { ...DEFAULT_QUERY, sort: { ...DEFAULT_SORT }, filters: {} };

  for (const key of QUERY_KEYS) {
    const values = raw.get(key);
    if (!values || values.length === 0) continue;
    if (values.length > 1) {
      problems.push({ param: key, message: `${key} may be given only once` });
      continue;
    }
    const value = values[0]!;
    if (value === "" && key !== "page") continue; // an empty filter means no filter
    const parsed = paramSchemas[key].safeParse(value);
    if (!parsed.success) {
      problems.push({
        param: key,
        message: `${key} ${parsed.error.issues[0]?.message ?? "is invalid"}`,
      });
      continue;
    }
    assign(query, key, parsed.data);
  }

  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = query.filters;
  if (gte !== undefined && lte !== undefined && gte > lte) {
    problems.push({
      param: "timestamp_occured_lte",
      message: "timestamp_occured_lte must not be before timestamp_occured_gte",
    });
    delete query.filters.timestamp_occured_lte;
  }
  return { query, problems };
}

function assign(query: AlarmListQuery, key: QueryKey, value: unknown): void {
  switch (key) {
    case "page":
      query.page = value as number;
      return;
    case "size":
      query.size = value as PageSize;
      return;
    case "sort":
      query.sort = value as AlarmListQuery["sort"];
      return;
    default:
      (query.filters as Record<string, unknown>)[key] = value;
  }
}

/** Canonical search params for a query: defaults left out, keys in a fixed order. */
export function toSearchParams(query: AlarmListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== DEFAULT_QUERY.page) params.set("page", String(query.page));
  if (query.size !== DEFAULT_QUERY.size) params.set("size", String(query.size));
  if (query.sort.field !== DEFAULT_SORT.field || query.sort.direction !== DEFAULT_SORT.direction) {
    params.set("sort", `${query.sort.field},${query.sort.direction}`);
  }
  for (const key of FILTER_KEYS) {
    const value = query.filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** The upstream's own query for the same view (page, size and sort always explicit). */
export function toUpstreamParams(query: AlarmListQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    size: String(query.size),
    sort: `${query.sort.field},${query.sort.direction}`,
  });
  for (const key of FILTER_KEYS) {
    const value = query.filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

export function isAlarmUuid(value: string): boolean {
  return UUID.test(value);
}
