// The live queue's variables (LIVE_*): how often, how much budget, how deep; server-only.
import "server-only";
import { z } from "zod";
import { decimalNumber, numberVariable, wholeNumber } from "./rules";

// How often a watched view is polled (0 turns it off), the share of each deployment's GET
// budget its watchers may spend, and how many of a view's newest alarms each poll reads (new
// arrivals and status changes are seen among these).
export const liveVariables = z
  .object({
    LIVE_INTERVAL_SECONDS: numberVariable(wholeNumber({ min: 0, max: 3_600 }), 15),
    LIVE_BUDGET_SHARE: numberVariable(decimalNumber({ min: 0.01, max: 0.5 }), 0.1),
    LIVE_WINDOW: numberVariable(wholeNumber({ min: 10, max: 1_000 }), 100),
  })
  .transform((env) => ({
    /** How often a watched view is polled at most; 0: the live queue is off. */
    intervalMs: env.LIVE_INTERVAL_SECONDS * 1000,
    /** The share (0..1) of each deployment's GET budget the watchers may spend together. */
    budgetShare: env.LIVE_BUDGET_SHARE,
    /** How many of a view's first alarms each poll reads. */
    window: env.LIVE_WINDOW,
  }));

export type LiveEnv = z.output<typeof liveVariables>;
