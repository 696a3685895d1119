"use client";
// The table's settings (columns, row density) where the list frame renders them: their code out
// of a list's first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./table-settings.tsx, hydrated once the browser is idle after the list (its server HTML stands
 * until then, saying it cannot be used yet; the rows' density applies before any script).
 */
export const TableSettings = lazyComponent(
  () => import("./table-settings").then((m) => m.TableSettings),
  null,
  { hydrateWhenIdle: true },
);
