"use client";
// What a list shows in its first paint but leaves out of its first load, fetched ahead on every
// page once it has hydrated and the browser is idle: a list opened from any page (the home's
// tiles, an alarm's Back) then shows it with its rows, not a moment after them.

import { useEffect } from "react";
import { afterHydration } from "@/components/lazy";
import { AlarmOverview } from "@/components/overview/lazy-alarm-overview";
import { TimeZonePicker } from "@/components/ui/lazy-time-zone-picker";

export function ListCodeAhead() {
  useEffect(
    () =>
      afterHydration(() => {
        AlarmOverview.preload();
        TimeZonePicker.preload();
      }),
    [],
  );
  return null;
}
