import "server-only";
import { onShutdown } from "@/lib/server/core/shutdown";
import { ProcessSlots, isRefusal } from "@/lib/server/core/slots";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "@/lib/server/store";
import { type UsmClient } from "@/lib/server/usm";
import type { ExportFormat, ExportProgress, ExportState } from "@/lib/shared/export/contract";
import { contentDisposition, exportFileName } from "@/lib/shared/export/file-name";
import { exportBatches, type ExportBatch } from "./pages";
import { ExportProgressStore } from "./progress";
import type { TeamReader } from "./team-columns";
import { exportWriter } from "./writers";

// One export as a streamed download: the first page is read before the answer starts (so a
// failure then is an error in our one shape), then each page is read only when the browser has
// taken the previous one (the stream's back-pressure: nothing is held whole). Closing the download
// (request.signal) or the analyst's Cancel (a flag in the store, seen by the replica streaming
// within a second) stops the upstream reads; a stream stopped or failed midway is errored, so the
// browser marks the download failed instead of keeping a file that looks whole.

/** How often a running export looks for its cancel flag in the store. */
const CANCEL_POLL_MS = 1_000;
/** Exports one analyst may run at once on one replica, and one replica at most. */
const MAX_PER_ANALYST = 3;
const MAX_EXPORTS = 20;

const running = new ProcessSlots("exports", { perAnalyst: MAX_PER_ANALYST, total: MAX_EXPORTS });

/** Where an export's rows come from, read until `signal` aborts. */
export type ExportSource = (signal: AbortSignal) => AsyncGenerator<ExportBatch>;

export interface ExportRequest {
  analyst: string;
  /**
   * What the file holds, for its name and the log line: the deployment's key, or for several
   * the scope's name (exportScopeName).
   */
  deployment: string;
  /** The deployment's upstream client: the rows are read from it page by page (./pages.ts)… */
  client?: UsmClient;
  /** …unless the rows come from another source (the index: ./index-pages.ts). */
  source?: ExportSource;
  store: SharedStore;
  /** The view: range resolved, upper bound frozen at or before the export's start. */
  query: AlarmListQuery;
  /** The view's canonical search, for the log line. */
  search: string;
  zone: string;
  format: ExportFormat;
  id: string;
  cap: number;
  /** The download's request: closing it stops the reads. */
  signal: AbortSignal;
  startedAt: number;
  pageSizes?: readonly number[];
  beforeRead?: (reads: number) => Promise<void> | void;
  cancelPollMs?: number;
  /** The team's columns of each batch (./team-columns.ts); none: those columns stay empty. */
  team?: TeamReader;
  /** Told how the export ended and how many rows it wrote (the audit); its failure is logged. */
  onFinished?: (outcome: { state: ExportState; rows: number }) => Promise<void>;
}

class Stopped extends Error {
  constructor(readonly outcome: "cancelled" | "closed") {
    super(outcome);
  }
}

export async function startExport(request: ExportRequest): Promise<Response> {
  const { analyst, format, id, cap, store } = request;
  const source = request.source ?? upstreamSource(request);
  const slot = running.take(analyst);
  if (isRefusal(slot)) {
    throw new ApiError(
      "rate_limited",
      slot.refused === "yours"
        ? `You have ${slot.held} exports running; wait for one to finish or cancel it.`
        : "The console is running as many exports as it can; try again in a minute.",
      { retryAfterSeconds: 30 },
    );
  }
  const progressStore = new ExportProgressStore(store);
  let progress: ExportProgress;
  try {
    progress = await progressStore.start(analyst, id, format, request.startedAt);
  } catch (error) {
    slot.release(); // nothing started
    throw error;
  }

  const started = performance.now();
  const stop = new AbortController();
  const cleanups: (() => void)[] = [];
  let rows = 0;
  let finished = false;

  const finish = async (state: ExportState, error?: unknown) => {
    if (finished) return;
    finished = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    slot.release();
    const message =
      state === "failed"
        ? error instanceof ApiError
          ? error.message
          : "Something went wrong on our side."
        : undefined;
    progress = { ...progress, state, rows, updatedAt: Date.now(), ...(message ? { message } : {}) };
    logExport(request, rows, performance.now() - started, state, error);
    await request.onFinished?.({ state, rows }).catch(() => {
      console.warn(`[export] not audited: analyst=${analyst} deployment=${request.deployment}`);
    });
    await progressStore.update(analyst, progress);
  };

  const onClose = () => stop.abort(new Stopped("closed"));
  request.signal.addEventListener("abort", onClose, { once: true });
  // The server stopping stops it too (its download is marked failed): Next waits for open answers.
  const forget = onShutdown(onClose);
  cleanups.push(() => request.signal.removeEventListener("abort", onClose), forget);

  const batches = source(stop.signal);

  let first: ExportBatch;
  try {
    const next = await batches.next();
    first = next.done ? { alarms: [], total: 0 } : next.value;
  } catch (error) {
    const stopped = stop.signal.reason instanceof Stopped ? stop.signal.reason : undefined;
    await finish(stopped ? "cancelled" : "failed", stopped ? undefined : error);
    throw stopped ? new ApiError("not_found", "The export was stopped before it began.") : error;
  }

  const total = Math.min(first.total, cap);
  const capped = first.total > cap;
  progress = { ...progress, total };
  const writer = exportWriter(format, request.zone);
  const encoder = new TextEncoder();
  let pending: ExportBatch | undefined = first;
  let head: string | undefined = writer.start();

  // The cancel flag, looked for on a timer so a read that waits long is stopped too.
  const poll = setInterval(() => {
    progressStore.cancelled(analyst, id).then(
      (yes) => {
        if (yes) stop.abort(new Stopped("cancelled"));
      },
      () => undefined, // the store is down: the next look may answer
    );
  }, request.cancelPollMs ?? CANCEL_POLL_MS);
  cleanups.push(() => clearInterval(poll));

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const fail = (state: ExportState, error?: unknown) => {
    void finish(state, error);
    try {
      controller.error(error instanceof Error ? error : new Error(state));
    } catch {
      // already closed or errored
    }
    void batches.return(undefined).catch(() => undefined);
  };
  // Cancelled by the analyst or the download closed: either way the file is not whole.
  stop.signal.addEventListener("abort", () => fail("cancelled"), { once: true });

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    async pull(c) {
      if (finished) return;
      try {
        let text = head ?? "";
        head = undefined;
        let done = false;
        // A batch may hold nothing new (each alarm written before): read on, since a pull that
        // enqueues nothing is not called again and the download would hang.
        do {
          const batch = pending ?? (await nextBatch());
          pending = undefined;
          if (finished) return;
          if (batch) {
            const room = cap - rows;
            const alarms = batch.alarms.length > room ? batch.alarms.slice(0, room) : batch.alarms;
            rows += alarms.length;
            const team = alarms.length > 0 ? await request.team?.(alarms) : undefined;
            if (finished) return;
            text += writer.rows(alarms, team);
          }
          done = !batch || rows >= cap;
        } while (!text && !done);
        if (done) text += writer.end();
        if (text) c.enqueue(encoder.encode(text));
        if (done) {
          void batches.return(undefined).catch(() => undefined);
          await finish(capped && rows >= cap ? "capped" : "completed");
          c.close();
          return;
        }
        progress = { ...progress, rows, updatedAt: Date.now() };
        await progressStore.update(analyst, progress);
      } catch (error) {
        if (stop.signal.aborted) return; // the abort listener has ended the stream
        fail("failed", error);
      }
    },
    cancel() {
      stop.abort(new Stopped("closed"));
    },
  });

  async function nextBatch(): Promise<ExportBatch | undefined> {
    // Looked for before every read too: a Cancel stops the reads at the next page at the latest.
    if (await progressStore.cancelled(analyst, id).catch(() => false)) {
      stop.abort(new Stopped("cancelled"));
      stop.signal.throwIfAborted();
    }
    const next = await batches.next();
    return next.done ? undefined : next.value;
  }

  const name = exportFileName(
    request.deployment,
    request.query,
    request.startedAt,
    writer.extension,
  );
  return new Response(body, {
    headers: {
      "Content-Type": writer.contentType,
      "Content-Disposition": contentDisposition(name),
      // no-transform: Next's compression would hold pieces back; the file goes as it is read.
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
      "X-Export-Total": String(total),
      "X-Export-Capped": String(capped),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The deployment's upstream, read page by page through its client's export reads. */
function upstreamSource(request: ExportRequest): ExportSource {
  const { client } = request;
  if (!client) throw new Error("an export needs a client or a source");
  return (signal) =>
    exportBatches({
      client,
      store: request.store,
      query: request.query,
      signal,
      pageSizes: request.pageSizes,
      beforeRead: request.beforeRead,
    });
}

/** One line per export: who, which deployment and view, how many rows, how long, how it ended. */
function logExport(
  request: ExportRequest,
  rows: number,
  ms: number,
  state: ExportState,
  error: unknown,
): void {
  // The error's code only: a message may quote upstream data. Never a token or an upstream URL.
  const code = state === "failed" ? ` ${error instanceof ApiError ? error.code : "internal"}` : "";
  console.log(
    `[export] ${state}${code} analyst=${request.analyst} deployment=${request.deployment} ` +
      `view="${request.search}" format=${request.format} rows=${rows} ms=${Math.round(ms)}`,
  );
}
