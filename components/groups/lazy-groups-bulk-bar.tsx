"use client";
// The grouped list's bulk bar (./groups-bulk-bar.tsx): its code, and the narrowing of a view to
// the groups ticked, out of the list's first load (a flat list never shows it).

import { lazyComponent } from "@/components/lazy";

export const GroupsBulkBar = lazyComponent(() =>
  import("./groups-bulk-bar").then((m) => m.GroupsBulkBar),
);
