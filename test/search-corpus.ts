// A small index for the search's tests: a few alarms of "acme" with the indicators an analyst
// searches for (addresses, users, hosts, words), filler to page through, and alarms of "other"
// carrying the very same indicators, which a search of acme must never show.
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { ingestAlarms, type IndexedAlarm } from "@/lib/server/mirror/ingest";
import { endpoint, indexedAlarm } from "./indexed-alarm";

/** The newest alarm's time; the others are older by whole seconds. */
export const T = 1_764_000_000_000;
export const NOW = T + 60_000;
export const FILLER = 25;

function at(secondsAgo: number) {
  return { occurredAt: T - secondsAgo * 1000, receivedAt: T - secondsAgo * 1000 + 500 };
}

export async function seedCorpus(db: Kysely<Database>) {
  const a1 = indexedAlarm({
    ...at(1),
    priority: 80,
    priorityLabel: "high",
    sources: [endpoint({ address: "10.1.2.3", hostname: "WEB-01" })],
    sourceUsername: "alice",
  });
  const a2 = indexedAlarm(
    {
      ...at(2),
      priority: 40,
      priorityLabel: "medium",
      status: "closed",
      destinations: [endpoint({ address: "10.200.0.9", fqdn: "db.example.com" })],
      sourceUsername: "bob",
      rule: { strategy: "Malware Infection", method: "Emotet" },
    },
    { rawText: "cmd.exe /c powershell -enc AAAA" },
  );
  const a3 = indexedAlarm(
    {
      ...at(3),
      priority: 90,
      priorityLabel: "high",
      sources: [endpoint({ address: "192.0.2.7" })],
      destinations: [endpoint({ address: "2001:db8::1" })],
      destinationUsername: "Alice",
      labels: ["escalated"],
    },
    { eventNames: ["Suspicious PowerShell"] },
  );
  const a4 = indexedAlarm({
    ...at(4),
    priority: 20,
    priorityLabel: "low",
    status: "in_review",
    suppressed: true,
    receivedAt: null,
    sources: [endpoint({ address: "172.16.5.5" })],
  });
  const filler: IndexedAlarm[] = Array.from({ length: FILLER }, (_, i) =>
    indexedAlarm({
      ...at(10 + i),
      // Repeating priorities, so a sort by priority has ties the order must settle.
      priority: 30 + (i % 4) * 10,
      rule: { strategy: "Filler Strategy", method: `Method ${i % 3}` },
    }),
  );
  const other = indexedAlarm(
    {
      deployment: "other",
      ...at(1), // the same millisecond as a1: the merged order breaks the tie by deployment
      priority: 80,
      priorityLabel: "high",
      sources: [endpoint({ address: "10.1.2.3", hostname: "web-01" })],
      sourceUsername: "alice",
      labels: ["escalated"],
    },
    { rawText: "powershell", eventNames: ["Suspicious PowerShell"] },
  );
  await ingestAlarms(db, "acme", [a1, a2, a3, a4, ...filler], 1);
  await ingestAlarms(db, "other", [other], 1);
  const uuid = (alarm: IndexedAlarm) => alarm.summary.uuid;
  return {
    a1: uuid(a1),
    a2: uuid(a2),
    a3: uuid(a3),
    a4: uuid(a4),
    filler: filler.map(uuid),
    other: uuid(other),
  };
}

export type Corpus = Awaited<ReturnType<typeof seedCorpus>>;
