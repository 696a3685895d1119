"use client";
// The team's keys on a list's rows where the list renders them: their code out of the list's
// first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./row-keys.tsx, hydrated once the browser is idle after the list (its server HTML, an empty
 * status line, stands until then): the rows are read before a key acts on one.
 */
export const RowKeys = lazyComponent(() => import("./row-keys").then((m) => m.RowKeys), null, {
  hydrateWhenIdle: true,
});
