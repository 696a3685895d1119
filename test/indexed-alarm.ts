// Alarms as the index's sync reads them (and as our routes answer them), for the server's own
// tests: a summary with defaults, the fields a test cares about given. (End-to-end tests stage
// alarms in the simulator instead.)
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

/** The fields of a summary a test gives: any of them, and any of its rule's. */
export type SummaryFields = Omit<Partial<AlarmSummary>, "rule"> & {
  rule?: Partial<AlarmSummary["rule"]>;
};

/** A summary of `fields`, the rest defaults (an open, medium alarm of acme, a uuid of its own). */
export function testSummary(fields: SummaryFields = {}): AlarmSummary {
  const { rule, ...rest } = fields;
  return {
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
}

export function indexedAlarm(
  fields: SummaryFields = {},
  extra: Partial<Omit<IndexedAlarm, "summary">> = {},
): IndexedAlarm {
  const summary = testSummary(fields);
  return { summary, eventNames: extra.eventNames ?? [], rawText: extra.rawText ?? "" };
}
