"use client";
// The time zone picker where the lists render it: its code out of their first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./time-zone-picker.tsx, hydrated once the browser is idle after the list (its server HTML
 * stands until then): the list is usable without it, and a zone is rarely changed.
 */
export const TimeZonePicker = lazyComponent(
  () => import("./time-zone-picker").then((m) => m.TimeZonePicker),
  null,
  { hydrateWhenIdle: true },
);
