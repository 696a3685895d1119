"use client";

import { useDeployment } from "@/components/deployments/deployment-context";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { catalogueQueryOptions } from "@/lib/shared/queries/query-options";
import type { AlarmPage } from "@/lib/shared/alarms/types";

export interface Suggestions {
  intents: string[];
  strategies: string[];
  methods: string[];
  sensors: string[];
}

/**
 * Filter suggestions: every value the console has seen for the deployment (the server's
 * catalogue, most often seen first), plus any new one on the page on screen. Exact-match
 * filters need exact spellings, and the API has no taxonomy endpoint.
 */
export function useSuggestions(current: AlarmPage | undefined): Suggestions {
  const { key } = useDeployment();
  const catalogue = useQuery({ ...catalogueQueryOptions(key), retry: false }).data;
  return useMemo(() => {
    const merge = (known: string[] | undefined, seen: (string | null)[]) => {
      const values = [...(known ?? [])];
      const have = new Set(values);
      for (const value of seen) {
        if (value && !have.has(value)) {
          have.add(value);
          values.push(value);
        }
      }
      return values;
    };
    const alarms = current?.alarms ?? [];
    return {
      intents: merge(
        catalogue?.intents,
        alarms.map((alarm) => alarm.rule.intent),
      ),
      strategies: merge(
        catalogue?.strategies,
        alarms.map((alarm) => alarm.rule.strategy),
      ),
      methods: merge(
        catalogue?.methods,
        alarms.map((alarm) => alarm.rule.method),
      ),
      sensors: merge(
        catalogue?.sensors,
        alarms.flatMap((alarm) => [alarm.sensorUuid, ...alarm.sensorSources]),
      ),
    };
  }, [catalogue, current]);
}
