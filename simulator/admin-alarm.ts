// Validates the admin API's alarm input (POST /_sim/alarms, its status route, and the same
// RunningSimulator methods) into the live side table's terms. Every rejection names its field.
import { z } from "zod";
import { AdminInputError } from "./admin-errors";
import { WHO_FIELDS, parseWho } from "./admin-who";
import { Dataset, STATUS_NAMES, StatusName, statusCode } from "./dataset";
import { LABEL_MAX, labelName } from "./labels";
import type { LiveAlarmFields } from "./live-alarms";
import { RULES, Rule } from "./taxonomy";

const STATUS_VALUES = STATUS_NAMES.filter((s): s is StatusName => s !== null);
/** Up to the end of year 9999, so ISO 8601 strings keep four-digit years. */
const MAX_EPOCH_MS = 253_402_300_799_999;
const epochMs = z.union([
  z.number().int().min(0).max(MAX_EPOCH_MS),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_EPOCH_MS)),
]);

const MAX_LABELS = 20;

const FIELDS = {
  priority: [z.number().int().min(0).max(100), "must be an integer from 0 to 100"],
  status: [z.enum(STATUS_VALUES), `must be one of ${STATUS_VALUES.join(", ")}`],
  rule_id: [z.string(), "must be a string"],
  rule_method: [z.string(), "must be a string"],
  rule_intent: [z.string(), "must be a string"],
  rule_strategy: [z.string(), "must be a string"],
  rule_attack_id: [z.string(), "must be a string"],
  rule_attack_technique: [z.string(), "must be a string"],
  rule_attack_tactic: [z.array(z.string()).min(1), "must be a non-empty array of strings"],
  alarm_labels: [
    z
      .array(labelName)
      .max(MAX_LABELS)
      .refine((labels) => new Set(labels).size === labels.length),
    `must be an array of at most ${MAX_LABELS} distinct non-empty strings of at most ` +
      `${LABEL_MAX} characters, without control characters or surrounding spaces`,
  ],
  suppressed: [z.boolean(), "must be true or false"],
  sensor_uuid: [z.string(), "must be a string"],
  timestamp_occured: [epochMs, "must be epoch milliseconds (an integer)"],
  timestamp_received: [epochMs, "must be epoch milliseconds (an integer)"],
  events_count: [z.number().int().min(1).max(1_000_000), "must be an integer from 1 to 1000000"],
} as const;
type Field = keyof typeof FIELDS;

function isField(key: string): key is Field {
  return Object.hasOwn(FIELDS, key);
}

function isKnown(key: string): boolean {
  return isField(key) || WHO_FIELDS.includes(key);
}

function field<F extends Field>(body: Record<string, unknown>, name: F) {
  if (!(name in body) || body[name] === undefined) return undefined;
  const [schema, reason] = FIELDS[name];
  const parsed = schema.safeParse(body[name]);
  if (!parsed.success) throw new AdminInputError(name, reason);
  return parsed.data as z.output<(typeof FIELDS)[F][0]>;
}

export function parseStatus(value: unknown): number {
  const parsed = FIELDS.status[0].safeParse(value);
  if (!parsed.success) throw new AdminInputError("status", FIELDS.status[1]);
  return statusCode(parsed.data);
}

/**
 * The fields that pick the rule, in the order they narrow the choice; each value a rule has
 * (tactics: every one given). Several together pick the first rule that has them all.
 */
const RULE_SELECTORS = [
  ["rule_id", (r: Rule) => [r.id]],
  ["rule_method", (r: Rule) => [r.method]],
  ["rule_intent", (r: Rule) => [r.intent]],
  ["rule_strategy", (r: Rule) => [r.strategy]],
  ["rule_attack_id", (r: Rule) => [r.attackId]],
  ["rule_attack_technique", (r: Rule) => [r.technique]],
  ["rule_attack_tactic", (r: Rule) => r.tactics],
] as const satisfies ReadonlyArray<readonly [Field, (rule: Rule) => readonly string[]]>;

function pickRule(input: Record<string, unknown>): number | undefined {
  let candidates = RULES.map((_, i) => i);
  const given: string[] = [];
  for (const [name, values] of RULE_SELECTORS) {
    const value = field(input, name);
    if (value === undefined) continue;
    const wanted: readonly string[] = typeof value === "string" ? [value] : value;
    const matches = (rule: Rule) => wanted.every((w) => values(rule).includes(w));
    const narrowed = candidates.filter((i) => matches(RULES[i]!));
    if (narrowed.length === 0) {
      const why = RULES.some(matches)
        ? `no rule has it together with ${given.join(", ")}`
        : "no rule has this value";
      throw new AdminInputError(name, why);
    }
    candidates = narrowed;
    given.push(name);
  }
  return given.length > 0 ? candidates[0] : undefined;
}

/** The fields of a new alarm; unknown fields and bad values throw AdminInputError. */
export function parseAdminAlarm(ds: Dataset, body: unknown, now: number): LiveAlarmFields {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AdminInputError("body", "must be a JSON object");
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !isKnown(key));
  if (unknown !== undefined) throw new AdminInputError(unknown, "unknown field");
  const sensorUuid = field(input, "sensor_uuid")?.toLowerCase();
  const sensor =
    sensorUuid === undefined
      ? undefined
      : ds.catalog.sensors.findIndex((s) => s.uuid === sensorUuid);
  if (sensor === -1) throw new AdminInputError("sensor_uuid", "not a sensor of this data set");
  const occurredMs = field(input, "timestamp_occured") ?? now;
  const receivedMs = field(input, "timestamp_received") ?? Math.max(now, occurredMs);
  if (receivedMs < occurredMs) {
    throw new AdminInputError("timestamp_received", "must not be before timestamp_occured");
  }
  const status = field(input, "status");
  const rule = pickRule(input);
  const labels = field(input, "alarm_labels");
  const eventsCount = field(input, "events_count");
  const who = parseWho(input, ds.catalog.hosts, eventsCount);
  return {
    occurredMs,
    receivedMs,
    rule,
    priority: field(input, "priority"),
    status: status === undefined ? undefined : statusCode(status),
    suppressed: field(input, "suppressed"),
    sensor,
    eventsCount: eventsCount ?? who.eventsCount,
    staged: { ...who.staged, ...(labels !== undefined && { labels }) },
  };
}
