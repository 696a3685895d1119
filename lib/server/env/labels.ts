// The label write-backs' variables (LABELS_*): how often the worker sweeps, how soon it retries.
import "server-only";
import { z } from "zod";
import { numberVariable, wholeNumber } from "./rules";

// The worker writes a verdict's USM label as soon as the verdict commits; its sweep, every
// LABELS_INTERVAL_SECONDS (0 turns the worker off on this replica), takes up retries that came
// due and jobs another replica left. A failed write is tried again after LABELS_RETRY_SECONDS,
// doubling each time (with jitter) up to 30 minutes, 8 attempts in all.
export const labelsVariables = z
  .object({
    LABELS_INTERVAL_SECONDS: numberVariable(wholeNumber({ min: 0, max: 3_600 }), 5),
    LABELS_RETRY_SECONDS: numberVariable(wholeNumber({ min: 1, max: 3_600 }), 30),
  })
  .transform((env) => ({
    /** How often the worker sweeps; 0: no label worker on this replica. */
    intervalMs: env.LABELS_INTERVAL_SECONDS * 1000,
    /** The first retry's delay. */
    retryMs: env.LABELS_RETRY_SECONDS * 1000,
  }));

export type LabelsEnv = z.output<typeof labelsVariables>;
