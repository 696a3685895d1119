// The triage export's file format (NDJSON, version 1): its header, its last line, and a strict
// schema for each table's rows, whose keys are also the columns read and written; server-only.
import "server-only";
import { z } from "zod";
import { VERDICTS } from "@/lib/shared/triage/types";

// A file is a header line, then a line `{"table": ..., "row": {...}}` per row, table by table
// in TRIAGE_TABLES' order (the audit by id), then a last line counting the rows of each table:
// a file cut short on a line boundary is refused, not half imported.

export const TRIAGE_FORMAT = "alarm-console-triage";
/** 2 adds the verdicts and the label write-backs (issue 37); a version 1 file still imports. */
export const TRIAGE_VERSION = 2;
export const TRIAGE_VERSIONS_READ = [1, 2] as const;

export const headerSchema = z.strictObject({
  format: z.literal(TRIAGE_FORMAT),
  version: z.number().int(),
  exportedAt: z.iso.datetime(),
});

const epochMs = z.number().int().nonnegative();
const text = z.string().min(1);
/** Any 8-4-4-4-12 hex string (PostgreSQL's uuid type takes every one, version or not). */
const uuid = z.guid().transform((value) => value.toLowerCase());

/** Each table: its row's schema (its keys are the columns), its key, its JSON columns. */
export const TRIAGE_TABLES = {
  analysts: {
    row: z.strictObject({
      id: text,
      handle: text,
      name: z.string(),
      access: z.strictObject({
        sso: z.boolean(),
        email: z.string().nullable(),
        emailVerified: z.boolean(),
        groups: z.array(z.string()),
      }),
      seen_at: epochMs,
    }),
    key: ["id"],
    json: ["access"],
  },
  triage_alarms: {
    row: z.strictObject({
      deployment: text,
      uuid,
      owner_id: text.nullable(),
      owned_at: epochMs.nullable(),
      acknowledged_by: text.nullable(),
      acknowledged_at: epochMs.nullable(),
      notes: z.number().int().nonnegative(),
      updated_at: epochMs,
      // Version 1 files have no verdicts: their alarms are open for the team.
      closed_by: text.nullable().default(null),
      closed_at: epochMs.nullable().default(null),
      verdict: z.enum(VERDICTS).nullable().default(null),
      close_reason: z.string().nullable().default(null),
      duplicate_of: uuid.nullable().default(null),
    }),
    key: ["deployment", "uuid"],
    json: [],
  },
  triage_notes: {
    row: z.strictObject({
      id: uuid,
      deployment: text,
      uuid,
      author_id: text,
      text: z.string(),
      created_at: epochMs,
      edited_at: epochMs.nullable(),
      deleted_at: epochMs.nullable(),
    }),
    key: ["id"],
    json: [],
  },
  triage_audit: {
    row: z.strictObject({
      id: z.number().int().positive(),
      at: epochMs,
      analyst_id: text,
      deployment: text,
      uuid: uuid.nullable(),
      action: text,
      before: z.json().nullable(),
      after: z.json().nullable(),
    }),
    key: ["id"],
    json: ["before", "after"],
  },
  saved_views: {
    row: z.strictObject({
      id: uuid,
      owner_id: text,
      name: z.string(),
      view: z.string(),
      shared: z.boolean(),
      created_at: epochMs,
      updated_at: epochMs,
    }),
    key: ["id"],
    json: [],
  },
  label_jobs: {
    row: z.strictObject({
      deployment: text,
      uuid,
      label_id: text,
      wanted: z.boolean(),
      state: z.enum(["pending", "written", "failed"]),
      attempts: z.number().int().nonnegative(),
      due_at: epochMs,
      // A claim belongs to the process that held it: an imported job is free to take.
      claimed_by: text.nullable().transform(() => null),
      claimed_until: epochMs.nullable().transform(() => null),
      message: z.string().nullable(),
      requested_by: text,
      updated_at: epochMs,
    }),
    key: ["deployment", "uuid", "label_id"],
    json: [],
  },
} as const;

export type TriageTable = keyof typeof TRIAGE_TABLES;
export const TABLE_NAMES = Object.keys(TRIAGE_TABLES) as TriageTable[];
export type TriageRow = Record<string, unknown>;

/** The columns of a table, in the order its schema names them. */
export const columnsOf = (table: TriageTable): string[] =>
  Object.keys(TRIAGE_TABLES[table].row.shape);

export const rowLineSchema = z.strictObject({
  table: z.enum(TABLE_NAMES as [TriageTable, ...TriageTable[]]),
  row: z.record(z.string(), z.unknown()),
});

/** The last line: each table's rows (a version 1 file has no label_jobs: none). */
export const endLineSchema = z.strictObject({
  end: z.strictObject({
    ...(Object.fromEntries(TABLE_NAMES.map((table) => [table, z.number().int().nonnegative()])) as {
      [table in TriageTable]: z.ZodNumber;
    }),
    label_jobs: z.number().int().nonnegative().default(0),
  }),
});

export type RowCounts = z.output<typeof endLineSchema>["end"];
