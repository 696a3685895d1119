import "server-only";
import type { AlarmSummary } from "@/lib/shared/alarms/types";

// What the index's free text searches beyond our summary, taken from the vendor's alarm as it
// came: its events' names, and every other text value flattened into one bounded string (the
// "raw fields" an analyst may search for: a log line, a plugin, a country, an organisation).
// Links, times and flags are left out: they are not words anyone searches for.

/** The flattened text of one alarm, at most. */
export const MAX_RAW_TEXT = 8_000;
/** One value, at most: a log line longer than this is cut. */
const MAX_VALUE = 1_000;
/** Events an alarm keeps (the service keeps 10): their names, at most. */
const MAX_EVENT_NAMES = 10;
/** How deep the flattening goes: the vendor's alarm is three levels deep at most. */
const MAX_DEPTH = 6;

/** Keys whose values are not words: links, times, counts, flags. */
const SKIPPED_KEYS = new Set(["_links", "href", "templated", "highlight_fields"]);
const SKIPPED_KEY = /(^timestamp|^timeStamp$|_iso8601$|_count$|^has_|^needs_|^transient$)/;
/** Values that are not words: numbers, booleans. */
const NOT_WORDS = /^(?:-?\d+(?:\.\d+)?|true|false|null)$/i;

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The names of the events the vendor's alarm carries (wrapped or flat), once each. */
export function eventNamesOf(rawAlarm: unknown): string[] {
  const events = record(rawAlarm)?.events;
  if (!Array.isArray(events)) return [];
  const names = new Set<string>();
  for (const event of events) {
    const fields = record(record(event)?.message) ?? record(event);
    const name = fields?.event_name;
    if (typeof name === "string" && name.trim()) names.add(name.trim().slice(0, MAX_VALUE));
    if (names.size >= MAX_EVENT_NAMES) break;
  }
  return [...names];
}

/** The words of our summary: not repeated in the raw text, which only adds what they miss. */
function summaryWords(summary: AlarmSummary): Set<string> {
  const words = [
    summary.uuid,
    summary.status,
    summary.priorityLabel,
    ...Object.values(summary.rule).flat(),
    summary.sourceUsername,
    summary.destinationUsername,
    ...[...summary.sources, ...summary.destinations].flatMap((endpoint) => Object.values(endpoint)),
    ...summary.labels,
    summary.sensorUuid,
    ...summary.sensorSources,
  ];
  return new Set(
    words.filter((word): word is string => typeof word === "string").map((w) => w.toLowerCase()),
  );
}

/**
 * Every text value of the vendor's alarm not already in `summary` nor among `eventNames`, once
 * each, in the order met, within MAX_RAW_TEXT characters.
 */
export function rawTextOf(rawAlarm: unknown, summary: AlarmSummary, eventNames: string[]): string {
  const seen = summaryWords(summary);
  for (const name of eventNames) seen.add(name.toLowerCase());
  const parts: string[] = [];
  let length = 0;
  const visit = (node: unknown, depth: number): boolean => {
    if (length >= MAX_RAW_TEXT || depth > MAX_DEPTH) return length < MAX_RAW_TEXT;
    if (typeof node === "string") {
      const value = node.trim().slice(0, MAX_VALUE);
      const key = value.toLowerCase();
      if (!value || NOT_WORDS.test(value) || seen.has(key)) return true;
      seen.add(key);
      parts.push(value);
      length += value.length + 1;
      return length < MAX_RAW_TEXT;
    }
    if (Array.isArray(node)) return node.every((item) => visit(item, depth + 1));
    const object = record(node);
    if (!object) return true;
    return Object.entries(object).every(
      ([key, child]) => SKIPPED_KEYS.has(key) || SKIPPED_KEY.test(key) || visit(child, depth + 1),
    );
  };
  visit(rawAlarm, 0);
  return parts.join(" ").slice(0, MAX_RAW_TEXT);
}
