"use client";
// The list's close dialog (./row-close-dialog.tsx): its code out of the list's first load, fetched
// when a row's c first asks for it.

import { lazyComponent } from "@/components/lazy";

export const RowCloseDialog = lazyComponent(() =>
  import("./row-close-dialog").then((m) => m.RowCloseDialog),
);
