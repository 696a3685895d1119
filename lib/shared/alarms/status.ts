// An alarm's status, and what the status filter takes: its own module, so that the search's
// field table (lib/shared/search/fields.ts) and the URL contract (./query.ts) both read it
// without reading each other first. Browser-safe.

export const STATUSES = ["open", "in_review", "closed"] as const;
export type AlarmStatus = (typeof STATUSES)[number];

/**
 * The alarms the upstream gave no status (some real ones): a value of the status filter, of
 * `status:none` and of the overview's counts, so every alarm is in one status. The upstream cannot
 * filter by it (it takes exact values only): a view asking for it is the index's (readsIndex).
 */
export const NO_STATUS = "none";
/** What the status filter takes: a status, or none. */
export const STATUS_FILTERS = [...STATUSES, NO_STATUS] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
