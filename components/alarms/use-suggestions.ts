"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { alarmKeys } from "@/lib/alarms/query-options";
import type { AlarmPage } from "@/lib/alarms/types";

export interface Suggestions {
  intents: string[];
  strategies: string[];
  methods: string[];
  sensors: string[];
}

const MAX_SUGGESTIONS = 200;

/**
 * Filter suggestions from the values seen so far in this tab (every list page in the cache):
 * the API has no taxonomy endpoint, and exact-match filters need exact spellings.
 */
export function useSuggestions(current: AlarmPage | undefined): Suggestions {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const sets = {
      intents: new Set<string>(),
      strategies: new Set<string>(),
      methods: new Set<string>(),
      sensors: new Set<string>(),
    };
    const pages = queryClient
      .getQueriesData<AlarmPage>({ queryKey: [...alarmKeys.all, "list"] })
      .map(([, page]) => page);
    for (const page of [current, ...pages]) {
      for (const alarm of page?.alarms ?? []) {
        if (alarm.rule.intent) sets.intents.add(alarm.rule.intent);
        if (alarm.rule.strategy) sets.strategies.add(alarm.rule.strategy);
        if (alarm.rule.method) sets.methods.add(alarm.rule.method);
        for (const sensor of alarm.sensorSources) sets.sensors.add(sensor);
        if (alarm.sensorUuid) sets.sensors.add(alarm.sensorUuid);
      }
    }
    const sorted = (set: Set<string>) =>
      [...set].sort((a, b) => a.localeCompare(b)).slice(0, MAX_SUGGESTIONS);
    return {
      intents: sorted(sets.intents),
      strategies: sorted(sets.strategies),
      methods: sorted(sets.methods),
      sensors: sorted(sets.sensors),
    };
  }, [current, queryClient]);
}
