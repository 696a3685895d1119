"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { withLiveConnection } from "@/components/live/use-live-view";
import { TZ_KEY } from "@/lib/shared/alarms/view";
import { UTC, canonicalTimeZone } from "@/lib/shared/alarms/time-zone";

/** How long the home waits after a notice for more before it reads its tiles again. */
const SETTLE_MS = 400;

/**
 * Keeps the home's team counts moving as the team works: each triage notice the live stream
 * brings (someone took, acknowledged, noted, closed or reopened an alarm of a deployment this
 * analyst may see) reads the page again from the server, once for a burst of them, and so does a
 * stream that reconnects (notices are news, not state). The page's own refresh (./refresh-every)
 * stays for USM's counts and ages. A home opened without `tz` learns the browser's zone, where
 * "closed today" begins: the URL is given it, as the list's times are.
 */
export function TileLive({ zoneGiven }: { zoneGiven: boolean }) {
  const router = useRouter();
  const path = usePathname();
  useEffect(() => {
    if (zoneGiven) return;
    const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (zone && zone !== UTC) router.replace(`${path}?${new URLSearchParams({ [TZ_KEY]: zone })}`);
  }, [zoneGiven, router, path]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        router.refresh();
      }, SETTLE_MS);
    };
    // The home's main region says whether it hears the team (as a triage panel's data-triage-live).
    const mark = (status: string) =>
      document.querySelector("main")?.setAttribute("data-team-live", status);
    const stop = withLiveConnection((connection) => {
      let last = connection.status;
      mark(last);
      const offStatus = connection.onStatus((status) => {
        mark(status);
        if (status === "open" && last !== "open") soon();
        last = status;
      });
      const off = connection.watchTriage(soon);
      return () => {
        off();
        offStatus();
      };
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [router]);
  return null;
}
