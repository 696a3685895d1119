"use client";
// The export dialog's state (browser): the plan, the download's URL, the progress and Cancel.

import { useCallback, useEffect, useState } from "react";
import { getJson, sendJson } from "@/lib/shared/queries/http";
import { asApiError } from "@/lib/shared/queries/query-options";
import {
  newExportId,
  type ExportFormat,
  type ExportPlan,
  type ExportProgress,
} from "@/lib/shared/export/contract";
import {
  exportFilePath,
  exportPlanPath,
  exportProgressPath,
  type ExportTarget,
} from "@/lib/shared/export/target";
import { ApiError } from "@/lib/shared/core/errors";

// The plan (count, cap, frozen bounds) is asked for when the dialog opens; the download's URL
// carries those bounds; once the download starts, its progress is polled from the server (any
// replica) until it ends, and Cancel. The target is a deployment's view or the queue of every
// deployment (lib/shared/export/target.ts).

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

/** The dialog's state; the dialog's body mounts at each opening, so each opening plans anew. */
export function useExport(target: ExportTarget) {
  const [plan, setPlan] = useState<PlanState>({ kind: "counting" });
  const [run, setRun] = useState<RunState>({ kind: "idle" });
  const [id, setId] = useState(newExportId);
  const planPath = exportPlanPath(target);
  const progressPath = exportProgressPath(target, id);

  // The count as of this moment, and the bounds that freeze a rolling range.
  useEffect(() => {
    const abort = new AbortController();
    getJson<ExportPlan>(planPath, { signal: abort.signal })
      .then((answer) => setPlan({ kind: "ready", plan: answer }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setPlan({ kind: "failed", message: asApiError(error).message });
      });
    return () => abort.abort();
  }, [planPath]);

  const running = run.kind === "starting" || run.kind === "running";

  useEffect(() => {
    if (!running) return;
    const abort = new AbortController();
    const timer = setInterval(() => {
      getJson<ExportProgress>(progressPath, { signal: abort.signal }).then(
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
  }, [running, progressPath]);

  const downloadHref = (format: ExportFormat) =>
    plan.kind === "ready" ? exportFilePath(target, plan.plan, format, id) : undefined;

  const started = useCallback(() => setRun({ kind: "starting", since: Date.now() }), []);

  const cancel = useCallback(async () => {
    try {
      await sendJson<ExportProgress>("DELETE", progressPath);
      // The next poll shows it cancelled (the server stops at the next page at the latest).
    } catch (error) {
      setRun({ kind: "lost", message: asApiError(error).message });
    }
  }, [progressPath]);

  /** Another export of the same view (a new id; the plan stays). */
  const again = useCallback(() => {
    setId(newExportId());
    setRun({ kind: "idle" });
  }, []);

  return { plan, run, downloadHref, started, cancel, again };
}
