// The audit trail of a time range as NDJSON, oldest first, each event with who did it
// (`npm run audit:export`); server-only.
import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/server/db";
import { selectAuditRows } from "./activity";
import { byPages, inSnapshot, PAGE_SIZE, writeJsonLine, type WriteLine } from "./snapshot-pages";

/** Epoch ms: events at `from` or later, and before `to`. */
export interface AuditRange {
  from: number;
  to: number;
}

/** One line of the audit export. */
interface AuditLine {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  /** handle and name are null for an analyst the console has no row of. */
  analyst: { id: string; handle: string | null; name: string | null };
  deployment: string;
  uuid: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

async function readPage(
  tx: Transaction<Database>,
  range: AuditRange,
  after: { at: number; id: number } | undefined,
) {
  // By (at, id): the walk of the index triage_audit_at, a page at a time.
  return selectAuditRows(tx)
    .where("a.at", ">=", range.from)
    .where("a.at", "<", range.to)
    .$if(after !== undefined, (query) =>
      query.where((eb) => eb(eb.refTuple("a.at", "a.id"), ">", eb.tuple(after!.at, after!.id))),
    )
    .orderBy("a.at")
    .orderBy("a.id")
    .limit(PAGE_SIZE)
    .execute();
}

type AuditRow = Awaited<ReturnType<typeof readPage>>[number];

/** Writes the events of `range` as NDJSON, oldest first; returns how many. */
export function exportAudit(
  db: Kysely<Database>,
  range: AuditRange,
  write: WriteLine,
): Promise<number> {
  return inSnapshot(db, async (tx) => {
    let count = 0;
    for await (const row of byPages<AuditRow>((after) => readPage(tx, range, after))) {
      const line: AuditLine = {
        id: row.id,
        at: new Date(row.at).toISOString(),
        analyst: { id: row.analyst_id, handle: row.handle, name: row.name },
        deployment: row.deployment,
        uuid: row.uuid,
        action: row.action,
        before: row.before ?? null,
        after: row.after ?? null,
      };
      await writeJsonLine(write, line);
      count += 1;
    }
    return count;
  });
}
