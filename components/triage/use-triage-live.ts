"use client";
// The team's triage changes as they happen: each notice the live stream brings (another analyst
// took, acknowledged, noted, closed or reopened an alarm of a deployment this analyst may see)
// makes that deployment's triage queries stale, so every open list and detail reads them again;
// a stream that reconnects reads them all again (notices are news, not state).

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { withLiveConnection } from "@/components/live/use-live-view";
import { triageKeys } from "@/lib/shared/queries/keys";
import { EVERY_DEPLOYMENT, scopeSegment } from "@/lib/shared/deployments/scope";
import type { TriageNotice } from "@/lib/shared/triage/types";

/** Whether this tab hears the team's notices now (the stream is open). */
export function useTriageLive(onNotice?: (notice: TriageNotice) => void): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const listener = useRef(onNotice);
  useEffect(() => {
    listener.current = onNotice;
  });
  useEffect(
    () =>
      withLiveConnection((connection) => {
        let last = connection.status;
        setOpen(last === "open");
        const offStatus = connection.onStatus((status) => {
          setOpen(status === "open");
          if (status === "open" && last !== "open") {
            void client.invalidateQueries({ queryKey: triageKeys.all });
          }
          last = status;
        });
        const off = connection.watchTriage((notice) => {
          void client.invalidateQueries({ queryKey: triageKeys.deployment(notice.deployment) });
          void client.invalidateQueries({
            queryKey: triageKeys.deployment(scopeSegment(EVERY_DEPLOYMENT)),
          });
          listener.current?.(notice);
        });
        return () => {
          off();
          offStatus();
        };
      }),
    [client],
  );
  return open;
}
