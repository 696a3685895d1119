"use client";
// The overview where the lists render it: its code out of their first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./alarm-overview.tsx, hydrated once the browser is idle after the list (its server HTML stands
 * until then): its counts wait for the rows anyway, and the list is usable without it.
 */
export const AlarmOverview = lazyComponent(
  () => import("./alarm-overview").then((m) => m.AlarmOverview),
  null,
  { hydrateWhenIdle: true },
);
