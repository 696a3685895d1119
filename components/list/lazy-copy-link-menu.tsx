"use client";
// "Copy link" where the list renders it: its code out of the list's first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./copy-link-menu.tsx, hydrated once the browser is idle after the list (its server HTML stands
 * until then, saying it cannot be pressed yet): a link is copied after the rows are read.
 */
export const CopyLinkMenu = lazyComponent(
  () => import("./copy-link-menu").then((m) => m.CopyLinkMenu),
  null,
  { hydrateWhenIdle: true },
);
