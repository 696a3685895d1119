import type { MultiKey } from "./multi-keys";

// The other names each of the list's URL filters is known by (`strategy=` for `rule_strategy=`,
// lower-case): its field's name in `q` and that field's aliases, so one vocabulary serves `q`,
// `group` and the filters. Written out here, beside the URL contract, so that a list's first load
// does not carry the search's whole field table (lib/shared/search/fields.ts, 1.6 KB gz) to read
// its URL; the field table's test holds this to what the table itself derives.
export const FILTER_NAMES: ReadonlyMap<string, MultiKey> = new Map<string, MultiKey>([
  ["priority", "priority_label"],
  ["strategy", "rule_strategy"],
  ["method", "rule_method"],
  ["intent", "rule_intent"],
  ["sensor", "alarm_sensor_sources"],
  ["sensor_uuid", "alarm_sensor_sources"],
]);
