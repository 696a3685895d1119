"use client";
// What a list page shows of its alarms' triage (verdict, owner, acknowledged, notes), read once per page
// for all its rows and handed to each row's cell through context; kept current by the team's
// live notices.

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { EVERY_DEPLOYMENT } from "@/lib/shared/deployments/scope";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { summariesSearch, triageSummariesQueryOptions } from "@/lib/shared/queries/triage-options";
import type { TriageSummary } from "@/lib/shared/triage/types";
import { useTriageLive } from "./use-triage-live";

interface Summaries {
  of: (alarm: Pick<AlarmSummary, "deployment" | "uuid">) => TriageSummary | null;
  names: Record<string, string>;
  /** The page's triage was read: an alarm without a summary is one nobody acted on. */
  read: boolean;
}

const NONE: Summaries = { of: () => null, names: {}, read: false };
const Context = createContext<Summaries>(NONE);

export function TriageSummariesProvider({
  alarms,
  children,
}: {
  alarms: readonly AlarmSummary[];
  children: ReactNode;
}) {
  const search = useMemo(() => summariesSearch(alarms, true), [alarms]);
  const result = useQuery({
    ...triageSummariesQueryOptions(EVERY_DEPLOYMENT, search),
    // The page's rows stay marked while the next page's triage is read.
    placeholderData: (previous) => previous,
  });
  useTriageLive();
  const value = useMemo<Summaries>(() => {
    const data = result.data;
    if (!data) return NONE;
    const byKey = new Map(data.alarms.map((item) => [`${item.deployment}/${item.uuid}`, item]));
    return {
      of: (alarm) => byKey.get(`${alarm.deployment}/${alarm.uuid.toLowerCase()}`) ?? null,
      names: data.names,
      read: true,
    };
  }, [result.data]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The page's triage, for what acts on any of its rows (the list's keys). */
export function useTriageSummaries(): Summaries {
  return useContext(Context);
}

export function useTriageSummary(alarm: Pick<AlarmSummary, "deployment" | "uuid">) {
  const summaries = useContext(Context);
  return { summary: summaries.of(alarm), names: summaries.names, read: summaries.read };
}
