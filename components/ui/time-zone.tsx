"use client";

import { createContext, useContext } from "react";
import { UTC } from "@/lib/shared/alarms/time-zone";

// The zone every time on the page is shown in: the page reads it from its URL once and
// provides it here, so times deep in a table need no URL reading of their own.

const TimeZoneContext = createContext<string>(UTC);

export function TimeZoneProvider({ zone, children }: { zone: string; children: React.ReactNode }) {
  return <TimeZoneContext value={zone}>{children}</TimeZoneContext>;
}

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
