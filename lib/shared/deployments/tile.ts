import type { PriorityName } from "@/lib/shared/alarms/priority";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import {
  fromZonedInputValue,
  offsetMinutes,
  toZonedInputValue,
} from "@/lib/shared/alarms/time-zone";
import { viewHref, viewOf } from "@/lib/shared/alarms/view";
import { oneDeployment } from "./scope";
import type { IndexStatus } from "./index-status";
import type { DeploymentInfo } from "./types";

// What the home page shows of one deployment (lib/server/home/tiles.ts reads it): USM's open
// alarms by priority (the upstream's status), and the team's own state (open for the team,
// unacknowledged, unowned, mine, closed today by verdict), each a link to exactly those alarms.
// Browser-safe.

/** The last upstream failure a deployment's client met (lib/server/usm/client.ts keeps it). */
export interface LastError {
  code: string;
  message: string;
  /** Epoch ms. */
  at: number;
  /** When the deployment first answered again after it (epoch ms); null while it has not. */
  recoveredAt: number | null;
}

export interface TileCounts {
  /** Open alarms, null when the read failed. */
  open: number | null;
  /** In the priority model's order (critical only where the deployment knows it), then other. */
  byPriority: { label: PriorityName | "other"; count: number | null }[];
  /** Epoch ms of the newest open alarm. */
  newestAt: number | null;
}

export interface DeploymentTile {
  deployment: DeploymentInfo;
  /** USM's open alarms (the upstream's status), null when the read failed. */
  counts: TileCounts | null;
  /** The team's state, from the console's database; null when it could not be read (unknown). */
  team: TeamCounts | null;
  /** Why the counts are missing: our error shape's code and message. */
  error: { code: string; message: string } | null;
  health: {
    tokenValid: boolean;
    tokenExpiresAt: number | null;
    lastError: LastError | null;
    /** The budget in use (how many calls wait is other analysts' business: not shown). */
    budget: {
      /** Calls this replica sent a second, lately. */
      recentPerSecond: number;
      /** The most the console sends, all replicas together: the limit less a safety margin. */
      sustainedPerSecond: number;
      /** The deployment's own limit (its configuration; 100 GET/s by default). */
      limitPerSecond: number;
    };
  };
  /** How far the deployment's local index is in step (search and pivots read it). */
  index: IndexStatus;
}

/** The team's counts a tile shows, each the total of the list its link opens. */
export const TEAM_COUNTS = ["open", "unacknowledged", "unowned", "mine"] as const;
export type TeamCountName = (typeof TEAM_COUNTS)[number];

/** Each team count as the search of the list it links to (`owner:me`: the analyst who reads). */
export const TEAM_QUERIES: Record<TeamCountName, string> = {
  open: "closed:false",
  unacknowledged: "closed:false acknowledged:false",
  unowned: "closed:false owner:none",
  mine: "closed:false owner:me",
};

/**
 * A count as the list's search counts it: up to its cap, past which the list says "or more" (the
 * tile too), so the number on the tile is the list's total when followed.
 */
export interface TeamNumber {
  count: number;
  /** More than `count` match (the search counts up to its cap). */
  atLeast: boolean;
}

/** The team's state of one deployment, from the console's database (the mirror and triage). */
export interface TeamCounts {
  counts: Record<TeamCountName, TeamNumber>;
  /** Closed since `since` by verdict, in the verdicts' order. */
  closedToday: { verdict: string; count: TeamNumber }[];
  /** The analyst's local midnight (epoch ms) in `zone`: where "today" begins. */
  since: number;
  zone: string;
  /** The index is still reading the deployment's past: the counts are of what it holds so far. */
  partial: boolean;
}

/** The start of the day holding `now` on `zone`'s clock (epoch ms). */
export function startOfDay(now: number, zone: string): number {
  const day = toZonedInputValue(now, zone).slice(0, 10);
  return fromZonedInputValue(day, zone) ?? now - (now % 86_400_000);
}

/** A time as the search language takes it, on `zone`'s clock with its offset: 2026-11-29T00:00+01:00. */
export function searchTime(ms: number, zone: string): string {
  const [date, clock] = toZonedInputValue(ms, zone).split(" ") as [string, string];
  const offset = offsetMinutes(ms, zone);
  const pad = (value: number) => String(value).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const zoned =
    offset === 0
      ? "Z"
      : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const time = clock.endsWith(":00") ? clock.slice(0, 5) : clock;
  return `${date}T${time}${zoned}`;
}

/** The search of the alarms closed with `verdict` since `since`. */
export function closedTodayQuery(verdict: string, since: number, zone: string): string {
  return `verdict:${verdict} closed_at >= ${searchTime(since, zone)}`;
}

/** The deployment's list of exactly the alarms `q` finds, times in `zone`. */
export function teamListHref(deployment: string, q: string, zone: string): string {
  return viewHref(oneDeployment(deployment), viewOf({ ...DEFAULT_QUERY, q }, zone));
}
