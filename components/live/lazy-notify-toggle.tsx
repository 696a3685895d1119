"use client";
// "Notify high" where the live bar renders it: its code out of a list's first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./notify-toggle.tsx, fetched once the browser is idle after the list: it shows only in a
 * browser that can notify (never in the server's HTML), so nothing stands or moves meanwhile.
 */
export const NotifyToggle = lazyComponent(
  () => import("./notify-toggle").then((m) => m.NotifyToggle),
  null,
  { hydrateWhenIdle: true },
);
