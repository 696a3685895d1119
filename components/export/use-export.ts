"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/lib/shared/alarms/paths";
import { fetchJson, asApiError } from "@/lib/shared/queries/query-options";
import type { ListView } from "@/lib/shared/alarms/url-state";
import { viewSearchParams } from "@/lib/shared/alarms/url-state";
import {
  newExportId,
  type ExportFormat,
  type ExportPlan,
  type ExportProgress,
} from "@/lib/shared/export/contract";
import { ApiError, parseErrorBody } from "@/lib/shared/core/errors";

// The export dialog's state: the plan (count, cap, frozen bounds) asked for when it opens, the
// download's URL with those bounds, and once the download starts, its progress polled from the
// server (any replica) until it ends, and Cancel.

/** How often a running export's progress is asked for. */
const POLL_MS = 1_000;
/** How long the dialog waits for a started download's first progress before saying so. */
const START_TIMEOUT_MS = 30_000;

export type PlanState =
  { kind: "counting" } | { kind: "ready"; plan: ExportPlan } | { kind: "failed"; message: string };

export type RunState =
  | { kind: "idle" }
  | { kind: "starting"; since: number }
  | { kind: "running" | "finished"; progress: ExportProgress }
  | { kind: "lost"; message: string };

/** The view to export: its rolling range frozen to the plan's bounds, page and size left out. */
function exportSearch(view: ListView, plan: ExportPlan, format: ExportFormat, id: string): string {
  const { range, ...filters } = view.query.filters;
  const frozen: ListView = {
    ...view,
    query: {
      ...view.query,
      page: 0,
      size: 20,
      filters: {
        ...filters,
        ...(range ? { timestamp_occured_gte: plan.gte ?? undefined } : {}),
        timestamp_occured_lte: plan.lte,
      },
    },
  };
  const params = viewSearchParams(frozen);
  params.set("format", format);
  params.set("id", id);
  return `?${params}`;
}

/** The dialog's state; the dialog's body mounts at each opening, so each opening plans anew. */
export function useExport(deployment: string, view: ListView) {
  const [plan, setPlan] = useState<PlanState>({ kind: "counting" });
  const [run, setRun] = useState<RunState>({ kind: "idle" });
  const [id, setId] = useState(newExportId);
  const search = viewSearchParams({
    ...view,
    query: { ...view.query, page: 0, size: 20 },
  }).toString();

  // The count as of this moment, and the bounds that freeze a rolling range.
  useEffect(() => {
    const abort = new AbortController();
    fetchJson<ExportPlan>(api.exportPlan(deployment, search ? `?${search}` : ""), abort.signal)
      .then((answer) => setPlan({ kind: "ready", plan: answer }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setPlan({ kind: "failed", message: asApiError(error).message });
      });
    return () => abort.abort();
  }, [deployment, search]);

  const running = run.kind === "starting" || run.kind === "running";

  useEffect(() => {
    if (!running) return;
    const abort = new AbortController();
    const timer = setInterval(() => {
      fetchJson<ExportProgress>(api.exportProgress(deployment, id), abort.signal).then(
        (progress) =>
          setRun({ kind: progress.state === "running" ? "running" : "finished", progress }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const notYet = error instanceof ApiError && error.code === "not_found";
          setRun((current) => {
            if (current.kind !== "starting" || !notYet) {
              return { kind: "lost", message: asApiError(error).message };
            }
            // The download has not reached the server yet: wait for it a while.
            return Date.now() - current.since > START_TIMEOUT_MS
              ? { kind: "lost", message: "The download did not start. Try again." }
              : current;
          });
        },
      );
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [running, deployment, id]);

  const downloadHref = (format: ExportFormat) =>
    plan.kind === "ready"
      ? api.export(deployment, exportSearch(view, plan.plan, format, id))
      : undefined;

  const started = useCallback(() => setRun({ kind: "starting", since: Date.now() }), []);

  const cancel = useCallback(async () => {
    try {
      const response = await fetch(api.exportProgress(deployment, id), { method: "DELETE" });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const message = parseErrorBody(body)?.error.message ?? "The export could not be cancelled.";
        setRun({ kind: "lost", message });
      }
      // The next poll shows it cancelled (the server stops at the next page at the latest).
    } catch {
      setRun({ kind: "lost", message: "Could not reach the Alarm Console server." });
    }
  }, [deployment, id]);

  /** Another export of the same view (a new id; the plan stays). */
  const again = useCallback(() => {
    setId(newExportId());
    setRun({ kind: "idle" });
  }, []);

  return { plan, run, downloadHref, started, cancel, again };
}
