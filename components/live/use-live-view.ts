"use client";

import { useEffect, useState } from "react";
import type { LiveState } from "@/lib/shared/live/types";
import { whenIdle } from "@/components/lazy";
import type { LiveConnection, LiveStatus } from "./live-connection";

export interface LiveView {
  state: LiveState | null;
  /** When the view was last polled, on this browser's clock (server clock skew taken out). */
  updatedAt: number | null;
  status: LiveStatus;
}

/**
 * Runs `setup` with this tab's live connection once the page is idle (its code is fetched then,
 * not with the page: the first poll answers after hydration anyway); the returned function undoes
 * it, or keeps it from running.
 */
export function withLiveConnection(setup: (connection: LiveConnection) => () => void): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  const cancelIdle = whenIdle(() => {
    void import("./live-connection").then(({ liveConnection }) => {
      if (!cancelled) stop = setup(liveConnection());
    });
  });
  return () => {
    cancelled = true;
    cancelIdle();
    stop?.();
  };
}

/** The live state of `view` (a lib/shared/live/view-id), or nothing while `view` is null (paused). */
export function useLiveView(view: string | null): LiveView {
  const [received, setReceived] = useState<{ view: string; state: LiveState; at: number } | null>(
    null,
  );
  const [status, setStatus] = useState<LiveStatus>("connecting");
  useEffect(() => {
    if (!view) return;
    return withLiveConnection((connection) => {
      const offStatus = connection.onStatus(setStatus);
      const off = connection.watch(view, (state) => setReceived({ view, state, at: Date.now() }));
      setStatus(connection.status);
      return () => {
        off();
        offStatus();
      };
    });
  }, [view]);
  const current = received?.view === view ? received : null;
  const state = current?.state ?? null;
  return {
    state,
    // The poll's age as the server counted it when sending, from when this browser got it.
    updatedAt:
      current && state?.polledAt != null ? current.at - (state.sentAt - state.polledAt) : null,
    status,
  };
}

/** Re-renders every `ms` while mounted: for "Updated 12 s ago". */
export function useNow(ms = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
