"use client";
// What the text filters suggest: the values the console has seen in the list's deployments.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { cataloguesKey } from "@/lib/shared/queries/keys";
import { catalogueQueryOptions } from "@/lib/shared/queries/query-options";
import type { AlarmCatalogue, AlarmSummary } from "@/lib/shared/alarms/types";

export interface Suggestions {
  intents: string[];
  strategies: string[];
  methods: string[];
  sensors: string[];
  /** Each strategy's methods, most often seen with it first. */
  methodsByStrategy: ReadonlyMap<string, string[]>;
}

type Field = "intents" | "strategies" | "methods" | "sensors";

/**
 * The methods to suggest: those seen with the chosen strategy when any are known (a method of
 * another strategy would find nothing), else every method.
 */
export function methodsFor(
  suggestions: Suggestions,
  strategies: readonly string[] | undefined,
): string[] {
  const narrowed = [
    ...new Set((strategies ?? []).flatMap((one) => suggestions.methodsByStrategy.get(one) ?? [])),
  ];
  return narrowed.length > 0 ? narrowed : suggestions.methods;
}

/** Each strategy's methods over the catalogues (in their order) and the pairs on the page. */
function pairsOf(
  catalogues: readonly AlarmCatalogue[],
  shown: readonly AlarmSummary[],
): Map<string, string[]> {
  const byStrategy = new Map<string, string[]>();
  const add = (strategy: string, method: string) => {
    const methods = byStrategy.get(strategy) ?? [];
    if (!methods.includes(method)) methods.push(method);
    byStrategy.set(strategy, methods);
  };
  for (const catalogue of catalogues) {
    for (const [strategy, methods] of catalogue.methodsByStrategy ?? []) {
      for (const method of methods) add(strategy, method);
    }
  }
  for (const { rule } of shown) if (rule.strategy && rule.method) add(rule.strategy, rule.method);
  return byStrategy;
}

const NONE: (AlarmCatalogue | undefined)[] = [];

/**
 * Filter suggestions: every value the console has seen for the deployments (each one's
 * catalogue, most often seen first, one after the other), plus any new one on the page on
 * screen. Exact-match filters need exact spellings, and the API has no taxonomy endpoint. One
 * query reads each deployment's own (cached under its key): no useQueries in a list's first load.
 */
export function useSuggestions(
  deployments: readonly string[],
  alarms: AlarmSummary[] | undefined,
): Suggestions {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: cataloguesKey(deployments),
    queryFn: () =>
      Promise.all(
        // Not the client's rule: the filters' suggestions do without one rather than wait.
        deployments.map((key) =>
          client.fetchQuery(catalogueQueryOptions(key)).catch(() => undefined),
        ),
      ),
    staleTime: 60_000,
    retry: false,
  });
  return useAll(data ?? NONE, alarms);
}

/** The suggestions of `catalogues` (undefined: not read yet) and the alarms on screen. */
function useAll(
  catalogues: (AlarmCatalogue | undefined)[],
  alarms: AlarmSummary[] | undefined,
): Suggestions {
  return useMemo(() => {
    const known = catalogues.filter((catalogue): catalogue is AlarmCatalogue => !!catalogue);
    const merge = (field: Field, seen: (string | null)[]) => {
      const values: string[] = [];
      const have = new Set<string>();
      for (const value of [...known.flatMap((catalogue) => catalogue[field]), ...seen]) {
        if (value && !have.has(value)) {
          have.add(value);
          values.push(value);
        }
      }
      return values;
    };
    const shown = alarms ?? [];
    return {
      intents: merge(
        "intents",
        shown.map((alarm) => alarm.rule.intent),
      ),
      strategies: merge(
        "strategies",
        shown.map((alarm) => alarm.rule.strategy),
      ),
      methods: merge(
        "methods",
        shown.map((alarm) => alarm.rule.method),
      ),
      sensors: merge(
        "sensors",
        shown.flatMap((alarm) => [alarm.sensorUuid, ...alarm.sensorSources]),
      ),
      methodsByStrategy: pairsOf(known, shown),
    };
  }, [catalogues, alarms]);
}
