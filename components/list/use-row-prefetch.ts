"use client";
// Prefetches a row's alarm (data and route) when the row is hovered or focused.

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { alarmQueryOptions } from "@/lib/shared/queries/query-options";
import type { AlarmSummary } from "@/lib/shared/alarms/types";

type Alarm = Pick<AlarmSummary, "uuid" | "deployment">;

/** A pointer resting this long on a row is an intent; sweeping across the table is not. */
const HOVER_INTENT_MS = 80;

/**
 * Prefetches an alarm's detail (data and route shell) when its row is hovered or focused, so
 * that opening it renders at once.
 */
export function useRowPrefetch() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const now = useCallback(
    (alarm: Alarm, href: string) => {
      clearTimeout(timer.current);
      void queryClient.prefetchQuery(alarmQueryOptions(alarm.deployment, alarm.uuid));
      router.prefetch(href);
    },
    [queryClient, router],
  );
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const hover = useCallback(
    (alarm: Alarm, href: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => now(alarm, href), HOVER_INTENT_MS);
    },
    [now],
  );
  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ now, hover, cancel }), [now, hover, cancel]);
}
