import "server-only";
import { setSseStreamsOpen } from "@/lib/server/core/metrics";
import { isShuttingDown, onShutdown } from "@/lib/server/core/shutdown";
import { ProcessSlots, isRefusal, type Slot, type SlotRefusal } from "@/lib/server/core/slots";
import type { NextRequest } from "next/server";
import type { Analyst } from "@/lib/server/auth/session";
import { ApiError, invalidRequest } from "@/lib/shared/core/errors";
import { analystRoute, errorResponse, type RouteHandler } from "./route";
import type { LiveHub } from "@/lib/server/live/hub";
import type { StreamSessions } from "@/lib/server/live/stream-sessions";
import type { AnalystContext } from "@/lib/server/services/context";
import { MAX_STREAM_VIEWS, type LiveRefusal, type LiveState } from "@/lib/shared/live/types";
import { parseLiveViewId, type LiveView } from "@/lib/shared/live/view-id";
import { watchedView } from "@/lib/server/reads/watch";
import type { TriageNoticeBoard } from "@/lib/server/triage/notices";
import { TRIAGE_STREAM_VIEW } from "@/lib/shared/triage/types";

// GET /api/live?view=<id>&view=<id>: one server-sent-events stream per browser, carrying every
// view its tabs watch (a browser keeps six connections per host on HTTP/1.1; one stream per tab
// would soon take them all): a deployment's list (from the upstream, or the index), or the queue
// of several deployments (from the index), each of whose deployments must be the analyst's; and,
// named as the view "triage", the team's triage changes on the analyst's deployments.
// Nothing on the way may hold it back: no compression (Cache-Control no-transform), no proxy
// buffering (X-Accel-Buffering: no). Each message is a view's whole state; its event id is every
// view's last rev, so a stream that reconnects with Last-Event-ID is sent only the views that
// changed meanwhile. A stream ends with its session: signed out or revoked on any replica, at
// once (lib/server/live/stream-sessions.ts).

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after a drop. */
const RETRY_MS = 3_000;
/** Streams one analyst may hold on one replica: a browser each, on a few devices. */
const MAX_STREAMS_PER_ANALYST = 8;
/** Streams one replica holds at most: each is a connection and a few timers. */
const MAX_STREAMS = 5_000;
/** What a stream may hold unread before it keeps only each view's latest state. */
const HIGH_WATER_BYTES = 64 * 1024;
const REV = /^[A-Za-z0-9-]{1,40}$/;

/** The process's open streams: a browser each, on a few devices, per analyst. */
const streams = new ProcessSlots("live-streams", {
  perAnalyst: MAX_STREAMS_PER_ANALYST,
  total: MAX_STREAMS,
});

export interface StreamOptions {
  hub?: LiveHub | null;
  /** The team's triage notices; default this process's. */
  triage?: TriageNoticeBoard;
  analyst?: () => Promise<Analyst | null>;
  /** What ends a stream with its session; default this process's. */
  sessions?: StreamSessions;
}

/**
 * The live route: the wrapper's session check, fair share and errors before the stream starts
 * (its stream option), then the stream. `options` stand in for the process's own (tests).
 */
export function liveRoute(options: StreamOptions = {}): RouteHandler {
  return analystRoute(
    "GET /api/live",
    ({ request, analyst, context }) => openStream(request, analyst, context, options),
    { stream: true, ...(options.analyst && { session: options.analyst }) },
  );
}

/** GET /api/live as its route answers it. */
export function liveStream(request: NextRequest, options: StreamOptions = {}): Promise<Response> {
  return liveRoute(options)(request, { params: Promise.resolve({}) });
}

async function openStream(
  request: NextRequest,
  analyst: Analyst,
  context: AnalystContext,
  options: StreamOptions,
): Promise<Response> {
  // The process's background work, asked for only where the options do not stand in for it.
  const { services } = context;
  const hub = options.hub === undefined ? services.background.liveHub : options.hub;
  if (!hub) throw new ApiError("not_found", "The live queue is turned off on this console.");
  if (isShuttingDown()) {
    // A browser would come straight back over its open connection and hold the server up.
    const refusal = new ApiError("not_ready", "This server is stopping; try again shortly.", {
      retryAfterSeconds: 2,
    });
    return errorResponse(refusal, "no-store", { Connection: "close" });
  }
  const { views, refusals, triageWanted } = readViews(request, context);
  const slot = takeStream(analyst.id);
  if (isRefusal(slot)) {
    throw new ApiError(
      "rate_limited",
      "Too many live streams are open for you; close some of the console's windows.",
      { retryAfterSeconds: 30 },
    );
  }
  try {
    const notices = triageWanted ? (options.triage ?? services.background.triageNotices) : null;
    const held = options.sessions ?? services.streamSessions;
    // The first stream of this process waits until the team's notices, and the sessions'
    // ends, are heard here.
    await Promise.all([notices?.ready(), held.ready()]);
    // Only the deployments this analyst may see, as of the stream's start (a change of access
    // ends the session, and with it the stream).
    const visible = new Set(context.scope.allowed);
    const stream = { hub, analyst, views, refusals, slot, notices, visible };
    return streamResponse(request, { ...stream, sessions: held });
  } catch (error) {
    slot.release(); // the stream never opened: it holds no place
    throw error;
  }
}

/** A place among the open streams for `analyst`; the metrics learn of each taken and released. */
function takeStream(analyst: string): Slot | SlotRefusal {
  const slot = streams.take(analyst);
  if (isRefusal(slot)) return slot;
  setSseStreamsOpen(streams.held());
  return {
    release: () => {
      slot.release();
      setSseStreamsOpen(streams.held());
    },
  };
}

function readViews(
  request: NextRequest,
  { analyst, services }: AnalystContext,
): { views: LiveView[]; refusals: LiveRefusal[]; triageWanted: boolean } {
  const ids = [...new Set(request.nextUrl.searchParams.getAll("view"))];
  const triageWanted = ids.includes(TRIAGE_STREAM_VIEW);
  if (ids.length === 0 || ids.length > MAX_STREAM_VIEWS) {
    const message = `Name from 1 to ${MAX_STREAM_VIEWS} views to watch, each as a view parameter.`;
    throw invalidRequest([{ param: "view", message }]);
  }
  const views: LiveView[] = [];
  const refusals: LiveRefusal[] = [];
  const { registry } = services;
  for (const id of ids) {
    if (id === TRIAGE_STREAM_VIEW) continue;
    const view = parseLiveViewId(id);
    if (!view) {
      // One tab's stale or odd view must not cost the browser's other tabs their updates.
      const message = "This is not a view of the alarm list.";
      refusals.push({ view: id.slice(0, 200), error: { code: "invalid_request", message } });
      continue;
    }
    try {
      // not_found alike for others' deployments: an all-view's every one must be the analyst's.
      for (const deployment of view.deployments) registry.get(deployment, analyst);
      views.push(watchedView(view));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusals.push({ view: id, error: { code: error.code, message: error.message } });
    }
  }
  const first = refusals[0];
  if (views.length === 0 && first && !triageWanted) {
    // Nothing to watch: say why as an answer, not as a stream that would stay open for nothing.
    const code = first.error.code === "not_found" ? "not_found" : "invalid_request";
    throw new ApiError(code, first.error.message, { param: "view" });
  }
  return { views, refusals, triageWanted };
}

/** The revs a reconnecting browser already has, by view, from its Last-Event-ID. */
function knownRevs(request: NextRequest, views: readonly LiveView[]): Map<string, string> {
  const last =
    request.headers.get("last-event-id") ?? request.nextUrl.searchParams.get("lastEventId") ?? "";
  const revs = last.slice(0, 4_000).split(" ");
  const known = new Map<string, string>();
  if (revs.length !== views.length) return known; // another set of views: send everything
  views.forEach((view, i) => {
    // Only what a rev looks like: the ids go back out on the stream's id lines.
    if (REV.test(revs[i] ?? "")) known.set(view.id, revs[i]!);
  });
  return known;
}

interface OpenStream {
  hub: LiveHub;
  analyst: Analyst;
  sessions: StreamSessions;
  views: readonly LiveView[];
  refusals: readonly LiveRefusal[];
  /** The stream's place among the process's open streams: given back when it closes. */
  slot: Slot;
  /** The team's triage notices, when the browser asked for them. */
  notices: TriageNoticeBoard | null;
  /** The deployments whose notices the analyst is sent. */
  visible: ReadonlySet<string>;
}

function streamResponse(request: NextRequest, stream: OpenStream): Response {
  const { hub, analyst, sessions, views, refusals, slot, notices, visible } = stream;
  const encoder = new TextEncoder();
  const revs = new Map(knownRevs(request, views));
  const cleanups: Array<() => void> = [];
  let closed = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  // A browser that stops reading (a suspended laptop, a stalled network) must not make the
  // server hold every message meanwhile: past the high-water mark only each view's latest state
  // waits, and it goes out when the browser reads again. Heartbeats are then left out.
  const waiting = new Map<string, LiveState>();
  const write = (text: string): boolean => {
    if (closed) return false;
    if ((controller.desiredSize ?? 0) <= 0) return false;
    try {
      controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      close();
      return false;
    }
  };
  const idLine = () => views.map((view) => revs.get(view.id) ?? "-").join(" ");
  const send = (state: LiveState) => {
    if (revs.get(state.view) === state.rev) return; // the browser has it already
    if ((controller.desiredSize ?? 0) <= 0) {
      waiting.set(state.view, state);
      return;
    }
    waiting.delete(state.view);
    revs.set(state.view, state.rev);
    const message = JSON.stringify({ ...state, sentAt: Date.now() });
    write(`id: ${idLine()}\nevent: state\ndata: ${message}\n\n`);
  };
  const close = () => {
    if (closed) return;
    closed = true;
    forget();
    for (const cleanup of cleanups.splice(0)) cleanup();
    slot.release();
    try {
      controller.close();
    } catch {
      // already closed by the other side
    }
  };

  // A server shutting down ends every stream (Next waits for open responses before it exits, and
  // a stream never ends by itself): browsers reconnect, to another replica or to this one when it
  // is back, and resume from their last event.
  const forget = onShutdown(close);
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        write(`retry: ${RETRY_MS}\n: live\n\n`);
        for (const refusal of refusals)
          write(`event: refused\ndata: ${JSON.stringify(refusal)}\n\n`);
        for (const view of views) cleanups.push(hub.subscribe(view, send));
        if (notices) {
          cleanups.push(
            notices.listen((notice) => {
              if (!visible.has(notice.deployment)) return;
              // A browser that has stopped reading misses notices, and reads its triage again
              // when it reconnects: they are news, not state.
              write(`event: triage\ndata: ${JSON.stringify(notice)}\n\n`);
            }),
          );
        }
        const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
        cleanups.push(() => clearInterval(heartbeat));
        // A stream outlives nothing its session would not: signed out or revoked ends it, and so
        // does a session that cannot be checked for a few minutes (fail closed).
        const end = () => {
          write(`event: ended\ndata: {"code":"unauthenticated"}\n\n`);
          close();
        };
        cleanups.push(sessions.hold({ sid: analyst.sid, user: analyst.id }, end));
      },
      pull() {
        for (const state of [...waiting.values()]) send(state);
      },
      cancel: close,
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
  request.signal.addEventListener("abort", close, { once: true });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: Next's compression (and any proxy's) leaves the stream alone.
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
