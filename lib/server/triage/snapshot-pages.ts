// Reading tables out as NDJSON from one snapshot, a page at a time by key; server-only.
import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/server/db";

/** Takes one line of NDJSON (with its newline); a promise holds the reader until it drains. */
export type WriteLine = (line: string) => void | Promise<void>;

export const PAGE_SIZE = 1_000;

export async function writeJsonLine(write: WriteLine, value: unknown): Promise<void> {
  await write(`${JSON.stringify(value)}\n`);
}

/**
 * Runs `read` in one read-only, repeatable-read transaction: every page it reads sees the
 * database as of its first statement, however long the export takes and whatever the console
 * writes meanwhile (PostgreSQL), so a note and its alarm's count of notes agree.
 */
export function inSnapshot<T>(
  db: Kysely<Database>,
  read: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(read);
}

/**
 * Every row `page` yields, page after page: `page(after)` returns the rows past the key of the
 * last row of the page before (none: from the start), in key order, PAGE_SIZE at most.
 */
export async function* byPages<Row>(
  page: (after: Row | undefined) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows.at(-1);
  }
}
