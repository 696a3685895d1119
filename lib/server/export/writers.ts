import "server-only";
import { stringify } from "csv-stringify/sync";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { ExportFormat } from "@/lib/shared/export/contract";
import { CSV_COLUMNS, csvRecord, jsonRecord, type TeamOfBatch } from "./rows";

// The three file formats, each written a page of alarms at a time: what goes first, each batch
// of rows, and what closes the file. Nothing holds more than one page.

export interface ExportWriter {
  contentType: string;
  extension: string;
  /** The file's beginning (CSV: a byte-order mark, so spreadsheets read UTF-8, and the header). */
  start(): string;
  /** A batch's rows, with the team's columns of its alarms (read for the batch). */
  rows(alarms: readonly AlarmSummary[], team?: TeamOfBatch): string;
  end(): string;
}

/**
 * CSV by csv-stringify (RFC 4180 quoting), with its formula escaping: a cell that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return (and their full-width forms) gets a leading `'`,
 * so a spreadsheet shows it as text instead of running it (OWASP "CSV injection"). Numbers are
 * left alone (a negative number is no formula); every text cell is a string here.
 */
function csvWriter(zone: string): ExportWriter {
  const options = { escape_formulas: true, record_delimiter: "\r\n" } as const;
  return {
    contentType: "text/csv; charset=utf-8",
    extension: "csv",
    start: () => `\uFEFF${stringify([[...CSV_COLUMNS]], options)}`,
    rows: (alarms, team) =>
      alarms.length === 0
        ? ""
        : stringify(
            alarms.map((alarm) => csvRecord(alarm, zone, team)),
            options,
          ),
    end: () => "",
  };
}

function ndjsonWriter(zone: string): ExportWriter {
  return {
    contentType: "application/x-ndjson; charset=utf-8",
    extension: "ndjson",
    start: () => "",
    rows: (alarms, team) =>
      alarms.map((alarm) => `${JSON.stringify(jsonRecord(alarm, zone, team))}\n`).join(""),
    end: () => "",
  };
}

function jsonWriter(zone: string): ExportWriter {
  let first = true;
  return {
    contentType: "application/json; charset=utf-8",
    extension: "json",
    start: () => "[",
    rows: (alarms, team) =>
      alarms
        .map((alarm) => {
          const text = `${first ? "\n" : ",\n"}${JSON.stringify(jsonRecord(alarm, zone, team))}`;
          first = false;
          return text;
        })
        .join(""),
    end: () => (first ? "]\n" : "\n]\n"),
  };
}

export function exportWriter(format: ExportFormat, zone: string): ExportWriter {
  switch (format) {
    case "csv":
      return csvWriter(zone);
    case "ndjson":
      return ndjsonWriter(zone);
    case "json":
      return jsonWriter(zone);
  }
}
