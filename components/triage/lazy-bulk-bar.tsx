"use client";
// The list's bulk bar where the lists render it: its code fetched when the analyst turns "Select"
// on (or points at it first), not in the list's first load.

import { useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, useEffect } from "react";
import { teammatesQueryOptions } from "@/lib/shared/queries/triage-options";
import { lazyComponent, whenIdle } from "@/components/lazy";
import { useSelection } from "./selection";

const BulkBarBody = lazyComponent(() => import("./bulk-bar").then((m) => m.BulkBar));

/** Fetches the bar's code now: "Select" calls it when the pointer or focus comes to it. */
export const preloadBulkBar = BulkBarBody.preload;

/**
 * The bulk actions while the analyst selects (./bulk-bar.tsx), nothing otherwise. The teammates
 * it offers are read once the page is idle, so "Take" and "Assign to…" are there when it opens.
 */
export function BulkBar(props: ComponentProps<typeof BulkBarBody>) {
  const selection = useSelection();
  const client = useQueryClient();
  const { teamOf } = props;
  useEffect(
    () => whenIdle(() => void client.prefetchQuery(teammatesQueryOptions(teamOf))),
    [client, teamOf],
  );
  return selection?.selecting ? <BulkBarBody {...props} /> : null;
}
