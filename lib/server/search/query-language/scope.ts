import "server-only";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { AlarmsTable, Database } from "@/lib/server/db/schema";
import type { WordExpansions } from "@/lib/server/mirror/words";
import type { Mirrored } from "@/lib/server/search/query-language/mirrored";

// What a search compiles into and with: the scope of `alarms as a` every condition is built in,
// and what compiling knows beyond the tree. Shared by ./compile.ts and the stages it calls.

/** The expression builder of `selectFrom("alarms as a")`. */
export type SearchScope = ExpressionBuilder<Database & { a: AlarmsTable }, "a">;
export type Condition = Expression<SqlBool>;

/**
 * The alarms whose notes hold each free-text term (lib/server/search/note-matches.ts): their uuids
 * by deployment, or "many" (read through the notes row by row). A term absent: no note holds it.
 */
export type NoteMatches = ReadonlyMap<string, ReadonlyMap<string, readonly string[]> | "many">;

/** What compiling knows beyond the tree (both optional: without them the SQL is as exact). */
export interface SearchContext {
  /** The words each prefix begins (./words.ts). */
  words?: WordExpansions;
  /** The alarms whose notes hold each free-text term (without it, notes are not searched). */
  notes?: NoteMatches;
  /**
   * The alarm's own conditions that hold for every match whatever the tree says (the list's
   * filters, the tree's top-level ANDs): each document probe tests them too, so the word index's
   * candidates are filtered where they are read, not after joining each to its alarm.
   */
  mirrored?: readonly Mirrored[];
  /**
   * The tree is an AND with free text (or free text alone) and `mirrored` holds its top-level
   * status and priority terms: its documents' probe tests them, so they are not tested again on
   * the alarm (twice, the planner counted their selectivity twice and chose plans for a few).
   */
  mirroredOnDocument?: boolean;
  /** Each side table is probed per alarm row, never joined (see probe). */
  perRow?: boolean;
  /**
   * The deployments read, named in each side table's lookup too: PostgreSQL carries one
   * deployment over from the alarm's condition, but not a list (a user searched across two
   * deployments scanned every deployment's entries: 150 ms).
   */
  deployments?: readonly string[];
}

/** For LIKE, whose escape character is PostgreSQL's default backslash. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}
