"use client";

import { useEffect, useState } from "react";
import type { LiveState } from "@/lib/shared/live/types";
import { whenIdle } from "@/components/lazy";
import type { LiveStatus } from "./live-connection";

export interface LiveView {
  state: LiveState | null;
  /** When the view was last polled, on this browser's clock (server clock skew taken out). */
  updatedAt: number | null;
  status: LiveStatus;
}

/** The live state of `view` (a lib/shared/live/view-id), or nothing while `view` is null (paused). */
export function useLiveView(view: string | null): LiveView {
  const [received, setReceived] = useState<{ view: string; state: LiveState; at: number } | null>(
    null,
  );
  const [status, setStatus] = useState<LiveStatus>("connecting");
  useEffect(() => {
    if (!view) return;
    // The connection's code is fetched once the page is idle, not with the page: the first
    // poll answers after hydration anyway.
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import("./live-connection").then(({ liveConnection }) => {
        if (cancelled) return;
        const connection = liveConnection();
        const offStatus = connection.onStatus(setStatus);
        const off = connection.watch(view, (state) => setReceived({ view, state, at: Date.now() }));
        setStatus(connection.status);
        stop = () => {
          off();
          offStatus();
        };
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
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
