// The team's triage moved between databases (`npm run triage:export` / `triage:import`): every
// triage table out as NDJSON, and back in, validated, idempotent, audit ids kept; server-only.
import "server-only";
import { sql, type Kysely, type Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "@/lib/server/db";
import { byPages, inSnapshot, PAGE_SIZE, writeJsonLine, type WriteLine } from "./snapshot-pages";
import {
  columnsOf,
  endLineSchema,
  headerSchema,
  rowLineSchema,
  TABLE_NAMES,
  TRIAGE_FORMAT,
  TRIAGE_TABLES,
  TRIAGE_VERSION,
  TRIAGE_VERSIONS_READ,
  type RowCounts,
  type TriageRow,
  type TriageTable,
} from "./transfer-format";

// The triage is what the index's rebuild must not lose (the index itself is a cache of the
// upstream): an export is read from one snapshot, and an import is one transaction that writes
// all of a file or none of it. Importing adds what the database lacks and keeps what it has
// (`on conflict do nothing`): a second import of one file changes nothing. The audit keeps its
// ids (so its order), and its identity continues after the highest; an audit row that collides
// with a different one of the same id is refused, never overwritten or skipped in silence.

class TransferError extends Error {
  override name = "TransferError";
}

/** Rows inserted per statement. */
const BATCH = 500;

type Tx = Transaction<Database>;

const zeroCounts = (): RowCounts =>
  Object.fromEntries(TABLE_NAMES.map((table) => [table, 0])) as RowCounts;

const columnList = (columns: readonly string[]) =>
  sql.join(columns.map((column) => sql.ref(column)));

async function readPage(tx: Tx, table: TriageTable, after?: TriageRow): Promise<TriageRow[]> {
  const { key } = TRIAGE_TABLES[table];
  const past = after
    ? sql`where (${columnList(key)}) > (${sql.join(key.map((column) => after[column]))})`
    : sql``;
  const { rows } = await sql<TriageRow>`
    select ${columnList(columnsOf(table))} from ${sql.table(table)} ${past}
    order by ${columnList(key)} limit ${PAGE_SIZE}`.execute(tx);
  return rows;
}

/** Writes every triage table as NDJSON (a header, a line per row, the counts); returns them. */
export function exportTriage(
  db: Kysely<Database>,
  write: WriteLine,
  now = Date.now(),
): Promise<RowCounts> {
  return inSnapshot(db, async (tx) => {
    const header = {
      format: TRIAGE_FORMAT,
      version: TRIAGE_VERSION,
      exportedAt: new Date(now).toISOString(),
    };
    await writeJsonLine(write, header);
    const counts = zeroCounts();
    for (const table of TABLE_NAMES) {
      for await (const row of byPages<TriageRow>((after) => readPage(tx, table, after))) {
        await writeJsonLine(write, { table, row });
        counts[table] += 1;
      }
    }
    await writeJsonLine(write, { end: counts });
    return counts;
  });
}

export interface ImportCounts {
  /** Rows the file holds, per table. */
  read: RowCounts;
  /** Rows the database did not have yet, and now has. */
  inserted: RowCounts;
}

function problem(line: number, what: string): TransferError {
  return new TransferError(`line ${line}: ${what}`);
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ` : "") + issue.message)
    .join("; ");
}

function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw problem(line, "not JSON (the file is damaged or not an export)");
  }
}

function checkHeader(value: unknown, line: number): void {
  const header = headerSchema.safeParse(value);
  if (!header.success) {
    throw problem(
      line,
      `not the header of a triage export (${issuesOf(header.error)}): make the file with npm run triage:export`,
    );
  }
  if (!(TRIAGE_VERSIONS_READ as readonly number[]).includes(header.data.version)) {
    throw problem(
      line,
      `the file is version ${header.data.version} of the format and this console reads version ${TRIAGE_VERSION}: import it with the console that exported it, or a newer one`,
    );
  }
}

/** Sorted keys, so two JSON values that are equal read equal (jsonb reorders keys). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

interface Pending {
  table: TriageTable;
  rows: { line: number; row: TriageRow }[];
}

/** Inserts a batch of one table's rows (those it has already are kept); how many were new. */
async function insertBatch(tx: Tx, { table, rows }: Pending): Promise<number> {
  const { key, json } = TRIAGE_TABLES[table];
  const columns = columnsOf(table);
  const cell = (row: TriageRow, column: string) => {
    const value = row[column] ?? null;
    return (json as readonly string[]).includes(column) && value !== null
      ? JSON.stringify(value)
      : value;
  };
  const values = rows.map(({ row }) => sql`(${sql.join(columns.map((c) => cell(row, c)))})`);
  // The audit's id is `generated always`: only this clause lets an import keep it.
  const overriding = table === "triage_audit" ? sql`overriding system value` : sql``;
  const { rows: added } = await sql<TriageRow>`
    insert into ${sql.table(table)} (${columnList(columns)}) ${overriding}
    values ${sql.join(values)}
    on conflict do nothing
    returning ${columnList(key)}`.execute(tx);
  if (table === "triage_audit" && added.length < rows.length) {
    await checkSameAudit(tx, rows, new Set(added.map((row) => row.id)));
  }
  return added.length;
}

/** Refuses audit rows whose id the database has for another event. */
async function checkSameAudit(tx: Tx, rows: Pending["rows"], added: Set<unknown>): Promise<void> {
  const kept = rows.filter(({ row }) => !added.has(row.id));
  const { rows: existing } = await sql<TriageRow>`
    select ${columnList(columnsOf("triage_audit"))} from triage_audit
    where id in (${sql.join(kept.map(({ row }) => row.id))})`.execute(tx);
  const byId = new Map(existing.map((row) => [row.id, canonical(row)]));
  for (const { line, row } of kept) {
    if (byId.get(row.id) !== canonical(row)) {
      throw problem(
        line,
        `this database's audit trail has a different event with id ${String(row.id)}: it is not the trail this file came from (import into a database without triage of its own)`,
      );
    }
  }
}

/** Sets the audit's identity past the highest id, so new events come after the imported ones. */
async function continueAuditIds(tx: Tx): Promise<void> {
  await sql`
    select setval(pg_get_serial_sequence('triage_audit', 'id'), coalesce(max(id), 0) + 1, false)
    from triage_audit`.execute(tx);
}

/**
 * Sets each alarm's count of notes from its notes: an alarm this database already had keeps its
 * row (on conflict do nothing), and the notes imported beside it must count.
 */
async function recountNotes(tx: Tx): Promise<void> {
  await sql`
    update triage_alarms t set notes = (
      select count(*) from triage_notes n
      where n.deployment = t.deployment and n.uuid = t.uuid and n.deleted_at is null)`.execute(tx);
}

/**
 * Imports an export of exportTriage, line by line, in one transaction: a line that is wrong
 * (named by its number) or a file cut short writes nothing.
 */
export function importTriage(
  db: Kysely<Database>,
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<ImportCounts> {
  return db.transaction().execute(async (tx) => {
    // The console's own audit writes wait until the imported ids and the identity are in.
    await sql`lock table triage_audit in share row exclusive mode`.execute(tx);
    const read = zeroCounts();
    const inserted = zeroCounts();
    let pending: Pending | null = null;
    const flush = async () => {
      if (!pending) return;
      const batch: Pending = pending;
      pending = null;
      try {
        inserted[batch.table] += await insertBatch(tx, batch);
      } catch (error) {
        if (error instanceof TransferError) throw error;
        const first = batch.rows[0]?.line;
        const last = batch.rows.at(-1)?.line;
        const message = error instanceof Error ? error.message : String(error);
        throw new TransferError(`lines ${first}-${last} (${batch.table}): ${message}`);
      }
    };

    let number = 0;
    let header = false;
    let end: RowCounts | null = null;
    for await (const raw of lines) {
      number += 1;
      const text = raw.trim();
      // Before the header: npm's own lines (`> alarm-console@… triage:export`), which
      // `npm run` without --silent prints to the same output as the export.
      if (!text || (!header && text.startsWith("> "))) continue;
      const value = parseLine(text, number);
      if (!header) {
        checkHeader(value, number);
        header = true;
        continue;
      }
      if (end) throw problem(number, "a line after the export's last line (its counts)");
      if (value && typeof value === "object" && "end" in value) {
        const counts = endLineSchema.safeParse(value);
        if (!counts.success) {
          throw problem(number, `not the export's counts: ${issuesOf(counts.error)}`);
        }
        end = counts.data.end;
        continue;
      }
      const line = rowLineSchema.safeParse(value);
      if (!line.success) {
        throw problem(number, `not a row of a triage table: ${issuesOf(line.error)}`);
      }
      const { table } = line.data;
      const row = TRIAGE_TABLES[table].row.safeParse(line.data.row);
      if (!row.success) throw problem(number, `a wrong ${table} row: ${issuesOf(row.error)}`);
      read[table] += 1;
      if (pending && (pending.table !== table || pending.rows.length >= BATCH)) await flush();
      pending ??= { table, rows: [] };
      pending.rows.push({ line: number, row: row.data });
    }
    await flush();

    if (!header) {
      throw new TransferError("the input is empty: expected a file of npm run triage:export");
    }
    if (!end) {
      throw new TransferError(
        `the input ends at line ${number} without the export's last line (its counts): it was cut short; export it again`,
      );
    }
    for (const table of TABLE_NAMES) {
      if (end[table] !== read[table]) {
        throw new TransferError(
          `the export counts ${end[table]} ${table} rows and the file has ${read[table]}: it is damaged; export it again`,
        );
      }
    }
    await continueAuditIds(tx);
    await recountNotes(tx);
    return { read, inserted };
  });
}
