import type { IndexSource } from "@/lib/shared/alarms/types";
import type { OverviewPart } from "./plan";

// What the overview route answers, one section at a time. Client-safe.

/** Why a count is unknown: our error shape's code and message. */
export interface OverviewProblem {
  code: string;
  message: string;
}

export interface OverviewCount {
  /** The filter value this count is of (a priority label, a status, an intent). */
  value: string;
  /** null: unknown (its read failed), never 0 for a failure. */
  count: number | null;
}

/** Counts of one dimension (priority, status, intent), its own filter left out. */
export interface DimensionOverview {
  part: Exclude<OverviewPart, "histogram">;
  counts: OverviewCount[];
  /**
   * What the dimension's total holds beyond the values counted by name ("Other"): priority
   * labels beyond the model's, intents beyond the most seen. Its count is null when a read it
   * rests on failed; the whole is null when nothing is beyond.
   */
  rest: { count: number | null } | null;
  /** The first failed read's error, when any count is unknown. */
  problem: OverviewProblem | null;
  /** When the server read it (epoch ms). */
  readAt: number;
  /** Counted from the index (the deployment held whole), not the upstream's counts. */
  source?: IndexSource;
}

export interface HistogramBar {
  /** Epoch ms, inclusive. */
  gte: number;
  /** Epoch ms, inclusive. */
  lte: number;
  count: number | null;
}

/** Alarms over time: the view's range (or, without one, its oldest alarm to now) in bars. */
export interface HistogramOverview {
  part: "histogram";
  bars: HistogramBar[];
  problem: OverviewProblem | null;
  readAt: number;
  /** Counted from the index (the deployment held whole), not the upstream's counts. */
  source?: IndexSource;
}

export type OverviewSection = DimensionOverview | HistogramOverview;
