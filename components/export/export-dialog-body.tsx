"use client";
// The export dialog's content: the view's count and cap, the format, the download and its progress.

import { useId, useState } from "react";
import { useDeployments } from "@/components/deployments/deployment-context";
import { countOf, formatCount } from "@/lib/shared/alarms/format";
import { formatTime } from "@/lib/shared/alarms/time-zone";
import type { ListView } from "@/lib/shared/alarms/view";
import type { ListScope } from "@/lib/shared/deployments/scope";
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_LABELS,
  type ExportFormat,
} from "@/lib/shared/export/contract";
import type { ExportTarget } from "@/lib/shared/export/target";
import { useExport, type PlanState, type RunState } from "./use-export";

export interface ExportDialogProps {
  /** The view: its query (page and size ignored) and the zone the file's times are written in. */
  view: Pick<ListView, "query" | "tz">;
  /** Whose alarms: a deployment's, several named ones or every one the analyst sees. */
  scope: ListScope;
}

export function ExportDialogBody({
  view,
  scope,
  onClose,
}: ExportDialogProps & { onClose: () => void }) {
  return <ExportBody target={{ scope, query: view.query, tz: view.tz }} onClose={onClose} />;
}

function ExportBody({ target, onClose }: { target: ExportTarget; onClose: () => void }) {
  const [format, setFormat] = useState<ExportFormat>("csv");
  const { plan, run, downloadHref, started, cancel, again } = useExport(target);
  const formatName = useId();
  const href = downloadHref(format);
  const busy = run.kind === "starting" || run.kind === "running";

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 id="export-title" className="text-sm font-semibold">
          Export this view
        </h2>
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="flex flex-col gap-3 px-4 py-3 text-xs">
        <PlanSummary plan={plan} target={target} />
        <fieldset disabled={busy} className="flex flex-col gap-1">
          <legend className="field-label mb-1">Format</legend>
          {EXPORT_FORMATS.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={formatName}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {EXPORT_FORMAT_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <RunStatus run={run} />
        <div className="flex flex-wrap items-center gap-2">
          {run.kind === "idle" ? (
            href && plan.kind === "ready" && plan.plan.total > 0 ? (
              <a href={href} download className="btn-primary" onClick={started}>
                Download {format.toUpperCase()}
              </a>
            ) : (
              <button type="button" className="btn-primary" disabled>
                Download {format.toUpperCase()}
              </button>
            )
          ) : busy ? (
            <button type="button" className="btn-secondary" onClick={() => void cancel()}>
              Cancel export
            </button>
          ) : (
            <button type="button" className="btn-secondary" onClick={again}>
              Export again
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function PlanSummary({ plan, target }: { plan: PlanState; target: ExportTarget }) {
  const visible = useDeployments();
  if (plan.kind === "counting") {
    return <p aria-live="polite">Counting the alarms in this view…</p>;
  }
  if (plan.kind === "failed") {
    return (
      <p role="status" className="text-red-700 dark:text-red-400">
        Could not count this view&apos;s alarms: {plan.message}
      </p>
    );
  }
  const { total, cap, gte, lte, totalIsLowerBound } = plan.plan;
  const { query, tz } = target;
  const over = total > cap;
  const viewTotal = totalIsLowerBound ? `more than ${formatCount(cap)}` : formatCount(total);
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <p>
        {total === 0 ? (
          "This view holds no alarms: there is nothing to export."
        ) : (
          <>
            The export will hold <strong>{countOf(Math.min(total, cap), "alarm")}</strong>
            {over ? ` of the view's ${viewTotal}` : ""} (cap {formatCount(cap)}).
          </>
        )}
      </p>
      {plan.plan.missing?.length ? (
        <p className="text-amber-800 dark:text-amber-300" data-export-missing>
          {plan.plan.missing
            .map((key) => visible.find((deployment) => deployment.key === key)?.name ?? key)
            .join(", ")}{" "}
          {plan.plan.missing.length === 1 ? "is" : "are"} not wholly indexed over this range yet:
          some of {plan.plan.missing.length === 1 ? "its" : "their"} alarms will not be in the file.
        </p>
      ) : null}
      {over ? (
        <p className="text-amber-800 dark:text-amber-300">
          Over the cap, the file stops after the first {formatCount(cap)} in the view&apos;s order.
          Narrow the {query.q !== undefined ? "search, the filters" : "filters"} or the time range
          to export the rest.
        </p>
      ) : null}
      <p className="text-slate-600 dark:text-slate-400">
        Alarms that occurred {gte !== null ? `from ${formatTime(gte, tz)} ` : ""}up to{" "}
        {formatTime(lte, tz)}
        {query.filters.range ? " (the rolling range, frozen now)" : ""}; alarms arriving later are
        left out.{" "}
        {plan.plan.source === "index" ? "Read from the console's index, as this view is. " : ""}
        Times in the file: {tz === "UTC" ? "UTC" : `UTC and ${tz}`}.
      </p>
    </div>
  );
}

function RunStatus({ run }: { run: RunState }) {
  if (run.kind === "idle") return null;
  if (run.kind === "lost") {
    return (
      <p role="status" className="text-red-700 dark:text-red-400">
        {run.message}
      </p>
    );
  }
  if (run.kind === "starting" || (run.progress.state === "running" && run.progress.total === 0)) {
    return <p role="status">Starting the download…</p>;
  }
  const { state, rows, total, message } = run.progress;
  const text =
    state === "running"
      ? `Exported ${formatCount(rows)} of ${countOf(total, "alarm")}…`
      : state === "completed"
        ? `Done: ${countOf(rows, "alarm")} exported.`
        : state === "capped"
          ? `Done: the first ${countOf(rows, "alarm")} exported (the cap).`
          : state === "cancelled"
            ? `Cancelled after ${countOf(rows, "alarm")}: the download is marked failed.`
            : `The export failed after ${countOf(rows, "alarm")}: ${message ?? "try again"}.`;
  return (
    <div className="flex flex-col gap-1">
      <progress
        className="h-2 w-full"
        aria-label="Export progress"
        max={Math.max(total, 1)}
        value={state === "completed" || state === "capped" ? Math.max(total, 1) : rows}
      />
      <p role="status">{text}</p>
    </div>
  );
}
