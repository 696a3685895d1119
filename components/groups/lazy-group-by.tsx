"use client";
// The grouping controls where the lists render them: their code out of a list's first load.

import { lazyComponent } from "@/components/lazy";

/**
 * ./group-by.tsx, hydrated once the browser is idle after the list (its server HTML stands until
 * then, saying it cannot be used yet): a list is read before it is grouped.
 */
export const GroupBy = lazyComponent(() => import("./group-by").then((m) => m.GroupBy), null, {
  hydrateWhenIdle: true,
});
