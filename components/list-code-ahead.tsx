"use client";
// What a list shows in its first paint but leaves out of its first load, fetched ahead on every
// page once it has hydrated and the browser is idle: a list opened from any page (the home's
// tiles, an alarm's Back) then shows it with its rows, not a moment after them.

import { useEffect } from "react";
import { afterHydration } from "@/components/lazy";
import { GroupBy } from "@/components/groups/lazy-group-by";
import { CopyLinkMenu } from "@/components/list/lazy-copy-link-menu";
import { TableSettings } from "@/components/list/lazy-table-settings";
import { NotifyToggle } from "@/components/live/lazy-notify-toggle";
import { AlarmOverview } from "@/components/overview/lazy-alarm-overview";
import { TimeZonePicker } from "@/components/ui/lazy-time-zone-picker";

export function ListCodeAhead() {
  useEffect(
    () =>
      afterHydration(() => {
        for (const part of [
          AlarmOverview,
          TimeZonePicker,
          GroupBy,
          CopyLinkMenu,
          NotifyToggle,
          TableSettings,
        ]) {
          part.preload();
        }
      }),
    [],
  );
  return null;
}
