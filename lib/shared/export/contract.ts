// What the export's dialog and its route handlers agree on: formats, the plan, progress. Client-
// safe and free of zod (the browser imports it); the server checks what it receives with zod
// (./input.ts) and what it sends is built here from typed values.

export const EXPORT_FORMATS = ["csv", "ndjson", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: "CSV (spreadsheets)",
  ndjson: "NDJSON (one JSON alarm a line)",
  json: "JSON (one array)",
};

/** The id the browser gives an export, so it can ask for its progress and cancel it. */
export const EXPORT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** GET /api/d/{deployment or all}/alarms/export/plan: what an export of the view would hold. */
export interface ExportPlan {
  /** Alarms in the view between the frozen bounds (a search's: counted up to the cap + 1). */
  total: number;
  /** More than the cap, and `total` says no more than that (a search is counted no further). */
  totalIsLowerBound?: true;
  /**
   * From the index: the deployments it does not hold whole over the view's range yet (still being
   * indexed, behind): some of their alarms are not in the file.
   */
  missing?: string[];
  /** The most alarms one export writes (EXPORT_MAX_ROWS). */
  cap: number;
  /** The view's bounds, a rolling range frozen (epoch ms); gte null when the view has none. */
  gte: number | null;
  lte: number;
  /** Where the file is read from (the read seam's choice): the console's index, or USM. */
  source: "index" | "upstream";
}

export type ExportState = "running" | "completed" | "cancelled" | "capped" | "failed";

/** GET /api/d/{deployment or all}/alarms/export/{id}: how far an export of the asking analyst is. */
export interface ExportProgress {
  id: string;
  state: ExportState;
  format: ExportFormat;
  /** Alarms written so far. */
  rows: number;
  /** What the export will hold: the view's count at its start, at most the cap. */
  total: number;
  /** Epoch ms (the server's). */
  startedAt: number;
  updatedAt: number;
  /** Why a failed export stopped, in words an analyst can act on. */
  message?: string;
}

/** A fresh export id (browser or server). */
export function newExportId(): string {
  return crypto.randomUUID();
}
