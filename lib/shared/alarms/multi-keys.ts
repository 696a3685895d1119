// The URL's filters that take several values, apart from the rest of the URL contract
// (./query.ts) so that the search's field table can name them without importing the contract.

/**
 * The filters that take several values (`status=open&status=in_review`: open or in review), in
 * the URL as the key repeated. Suppressed takes one (both values are no filter), and the time one
 * window.
 */
export const MULTI_KEYS = [
  "status",
  "priority_label",
  "rule_intent",
  "rule_strategy",
  "rule_method",
  "alarm_sensor_sources",
] as const;
export type MultiKey = (typeof MULTI_KEYS)[number];
