// Alarms as the index's sync reads them, for the index's own tests: a summary with defaults, the
// fields a test cares about given. (End-to-end tests stage alarms in the simulator instead.)
import { NO_ENDPOINT } from "@/lib/shared/alarms/format";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import type { IndexedAlarm } from "@/lib/server/mirror/ingest";

let next = 0;

/** A uuid unique to this test run, in the alarm's lower-case form. */
export function testUuid(): string {
  next += 1;
  return `00000000-0000-4000-8000-${next.toString(16).padStart(12, "0")}`;
}

export function endpoint(fields: Partial<Endpoint>): Endpoint {
  return { ...NO_ENDPOINT, ...fields };
}

export function indexedAlarm(
  fields: Omit<Partial<AlarmSummary>, "rule"> & { rule?: Partial<AlarmSummary["rule"]> } = {},
  extra: Partial<Omit<IndexedAlarm, "summary">> = {},
): IndexedAlarm {
  const { rule, ...rest } = fields;
  const summary: AlarmSummary = {
    uuid: testUuid(),
    deployment: "acme",
    status: "open",
    priority: 50,
    priorityLabel: "medium",
    suppressed: false,
    occurredAt: 1_764_000_000_000,
    receivedAt: 1_764_000_001_000,
    sources: [],
    destinations: [],
    sourceUsername: null,
    destinationUsername: null,
    eventsShown: 1,
    eventsTotal: 1,
    labels: [],
    sensorUuid: null,
    sensorSources: [],
    ...rest,
    rule: {
      id: null,
      intent: "Delivery & Attack",
      strategy: "Brute Force Authentication",
      method: "SSH",
      dictionary: null,
      attackId: "T1110",
      attackTechnique: "Brute Force",
      attackTactics: ["Credential Access"],
      ...rule,
    },
  };
  return { summary, eventNames: extra.eventNames ?? [], rawText: extra.rawText ?? "" };
}
