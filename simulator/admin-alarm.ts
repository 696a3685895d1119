// Validates the admin API's alarm input (POST /_sim/alarms, its status route, and the same
// RunningSimulator methods) into the live side table's terms. Every rejection names its field.
import { z } from "zod";
import { Dataset, STATUS_NAMES, StatusName, statusCode } from "./dataset";
import type { LiveAlarmFields } from "./live-alarms";
import { RULES } from "./taxonomy";

/** Bad admin input; a TypeError, as RunningSimulator's methods promise. */
export class AdminInputError extends TypeError {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`Invalid value for field '${field}': ${reason}`);
  }
}

/** No visible alarm has that uuid (the admin route answers 404). */
export class UnknownAlarmError extends TypeError {
  constructor(uuid: string) {
    super(`No alarm with uuid '${uuid}'`);
  }
}

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

const FIELDS = {
  priority: [z.number().int().min(0).max(100), "must be an integer from 0 to 100"],
  status: [z.enum(STATUS_VALUES), `must be one of ${STATUS_VALUES.join(", ")}`],
  rule_method: [z.string(), "must be a string"],
  rule_intent: [z.string(), "must be a string"],
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

function pickRule(method: string | undefined, intent: string | undefined): number | undefined {
  if (method !== undefined) {
    const rule = RULES.findIndex((r) => r.method === method);
    if (rule < 0) throw new AdminInputError("rule_method", "no rule has this method");
    if (intent !== undefined && RULES[rule]!.intent !== intent) {
      throw new AdminInputError("rule_intent", `rule_method '${method}' has another intent`);
    }
    return rule;
  }
  if (intent === undefined) return undefined;
  const rule = RULES.findIndex((r) => r.intent === intent);
  if (rule < 0) throw new AdminInputError("rule_intent", "no rule has this intent");
  return rule;
}

/** The fields of a new alarm; unknown fields and bad values throw AdminInputError. */
export function parseAdminAlarm(ds: Dataset, body: unknown, now: number): LiveAlarmFields {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AdminInputError("body", "must be a JSON object");
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !isField(key));
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
  return {
    occurredMs,
    receivedMs,
    rule: pickRule(field(input, "rule_method"), field(input, "rule_intent")),
    priority: field(input, "priority"),
    status: status === undefined ? undefined : statusCode(status),
    suppressed: field(input, "suppressed"),
    sensor,
    eventsCount: field(input, "events_count"),
  };
}
