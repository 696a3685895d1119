import "server-only";
import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { detailPath } from "@/lib/shared/alarms/paths";
import { contentDisposition } from "@/lib/shared/export/file-name";
import type { ActivityFilters, ActivityFormat } from "@/lib/shared/triage/audit";
import { activityText } from "@/lib/shared/triage/event-text";
import type { Database } from "@/lib/server/db";
import { activityEvent, readActivityRows, type ActivityReader, type ActivityRow } from "./activity";

// The activity page's trail as a file, streamed while the console runs (on the embedded database
// too: it is read in the server's own process, a page per pull, each page its own short statement
// that holds no lock and no transaction across the download). Newest first by keyset, as the page
// reads it: rows the team writes meanwhile have higher ids and stay out, so the file is the trail
// as it stood when the export began. Nothing holds more than a page.

const EXPORT_PAGE = 1_000;

export const ACTIVITY_CSV_COLUMNS = [
  "id",
  "at_utc",
  "analyst",
  "analyst_name",
  "action",
  "description",
  "deployment",
  "alarm",
  "alarm_link",
  "before",
  "after",
] as const;

export interface ActivityExportRequest {
  reader: ActivityReader;
  filters: ActivityFilters;
  format: ActivityFormat;
  /** The console's own origin (its NEXTAUTH_URL), for each alarm's link. */
  origin: string;
  /** The download's request: closing it stops the reads. */
  signal: AbortSignal;
  now: number;
  pageSize?: number;
}

const json = (value: unknown) =>
  value === null || value === undefined ? "" : JSON.stringify(value);

/** One row as the file holds it. */
function record(row: ActivityRow, origin: string) {
  const event = activityEvent(row);
  const names = row.handle && row.name ? { [row.handle]: row.name } : {};
  const link = row.uuid ? new URL(detailPath(row.deployment, row.uuid), origin).href : "";
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    analyst: event.analyst,
    analystName: row.name ?? event.analyst,
    action: event.action,
    description: activityText(event, names),
    deployment: row.deployment,
    alarm: row.uuid,
    link: link || null,
    before: event.before,
    after: event.after,
  };
}

function lines(rows: readonly ActivityRow[], format: ActivityFormat, origin: string): string {
  const records = rows.map((row) => record(row, origin));
  if (format === "ndjson") return records.map((line) => `${JSON.stringify(line)}\n`).join("");
  const cells = records.map((line) => [
    line.id,
    line.at,
    line.analyst,
    line.analystName,
    line.action,
    line.description,
    line.deployment,
    line.alarm ?? "",
    line.link ?? "",
    json(line.before),
    json(line.after),
  ]);
  return cells.length === 0 ? "" : stringify(cells, CSV_OPTIONS);
}

// Formula escaping: a cell a spreadsheet would run (a name or view beginning with "=") is text.
const CSV_OPTIONS = { escape_formulas: true, record_delimiter: "\r\n" } as const;

/** The trail the request names, as a streamed download. */
export function activityExport(db: Kysely<Database>, request: ActivityExportRequest): Response {
  const { format, origin, reader } = request;
  const size = request.pageSize ?? EXPORT_PAGE;
  let before = request.filters.before;
  let done = false;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (format === "csv") {
        controller.enqueue(
          encoder.encode(`\uFEFF${stringify([[...ACTIVITY_CSV_COLUMNS]], CSV_OPTIONS)}`),
        );
      }
    },
    async pull(controller) {
      if (done) return;
      if (request.signal.aborted) {
        done = true;
        controller.error(new Error("closed"));
        return;
      }
      const rows = await readActivityRows(db, reader, { ...request.filters, before }, size);
      if (rows.length > 0) controller.enqueue(encoder.encode(lines(rows, format, origin)));
      if (rows.length < size) {
        done = true;
        controller.close();
        return;
      }
      before = rows.at(-1)!.id;
    },
    cancel() {
      done = true;
    },
  });
  const stamp = new Date(request.now).toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const name = `activity-${stamp}.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type":
        format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "Content-Disposition": contentDisposition(name),
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
