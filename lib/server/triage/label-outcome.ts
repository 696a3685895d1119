import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import { VERDICTS, type VerdictLabels } from "@/lib/shared/triage/types";
import { isOwnRefusal, labelRefusalOf } from "@/lib/server/usm";
import type { Outcome } from "./label-jobs";

// What a failed label write means and what the analyst reads of it: tried again later with
// exponential backoff and jitter (429, 5xx, timeouts, no answer), or failed for good at once (the
// label unknown to USM: the configuration's error; another refusal a retry cannot change). A 403
// is the deployment's, not the job's: the worker stops writing there (./label-worker.ts).

export interface RetryPolicy {
  /** The first retry's delay; each next one doubles, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this many attempts the job fails for good. */
  maxAttempts: number;
  /** 0 <= random() < 1: the jitter (tests inject their own). */
  random: () => number;
}

export const DEFAULT_RETRY: Omit<RetryPolicy, "firstDelayMs"> = {
  maxDelayMs: 30 * 60_000,
  maxAttempts: 8,
  random: Math.random,
};

/** The wait before attempt `attempts + 1`: half to all of firstDelay * 2^(attempts - 1), capped. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  const full = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + policy.random() / 2));
}

/** "40 s", "2 min", "1 h 5 min": a wait as an analyst reads it. */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ""}`;
}

/** Why an attempt failed, in the analyst's words: never an address, a token or a stack. */
export function failureInWords(error: unknown): string {
  if (!(error instanceof ApiError)) return "The console failed to send it";
  switch (error.code) {
    case "upstream_timeout":
      return "USM did not answer (timeout)";
    case "upstream_rate_limited":
      return isOwnRefusal(error)
        ? "The console's share of USM's rate limit was busy"
        : "USM is limiting requests (429)";
    case "upstream_auth_failed":
      return "USM refused the console's credentials (401)";
    case "upstream_unavailable": {
      const status = (error.cause as { upstreamStatus?: unknown } | undefined)?.upstreamStatus;
      return typeof status === "number"
        ? `USM failed to answer (HTTP ${status})`
        : "USM could not be reached";
    }
    case "store_unavailable":
      return "The console's shared store was unavailable";
    default:
      return error.message.replace(/\.$/, "");
  }
}

/** The configuration's words for a label id: `labels.false_positive of Acme's configuration`. */
export function configurationOf(
  labelId: string,
  labels: VerdictLabels,
  deployment: string,
): string {
  const verdicts = VERDICTS.filter((verdict) => labels[verdict] === labelId);
  const fields = verdicts.map((verdict) => `labels.${verdict}`).join(", ");
  return fields
    ? `${fields} in the configuration of ${deployment}`
    : `a label the configuration of ${deployment} once named`;
}

/** The message of a 403: the deployment's, said once (and on each of its jobs). */
export function forbiddenMessage(deployment: string): string {
  return `The API client of ${deployment} may not write labels (403)`;
}

/**
 * What a failed attempt comes to: the job's retry or its end, with why. `attempts` is the
 * attempt that failed (1 for the first).
 */
export function outcomeOfFailure(
  error: unknown,
  job: { labelId: string; attempts: number },
  context: { labels: VerdictLabels; deploymentName: string; now: number; policy: RetryPolicy },
): Outcome {
  const refusal = labelRefusalOf(error);
  if (refusal?.refusal === "forbidden") {
    return { state: "failed", message: forbiddenMessage(context.deploymentName) };
  }
  if (refusal?.refusal === "unknown") {
    const where = configurationOf(job.labelId, context.labels, context.deploymentName);
    return {
      state: "failed",
      message: `USM knows no label ${job.labelId} (404): check ${where}`,
    };
  }
  if (refusal) {
    return { state: "failed", message: `USM refused the label (HTTP ${refusal.status})` };
  }
  const why = failureInWords(error);
  if (job.attempts >= context.policy.maxAttempts) {
    return { state: "failed", message: `${why}; gave up after ${job.attempts} attempts` };
  }
  const delay = retryDelayMs(job.attempts, context.policy);
  return {
    state: "pending",
    message: `${why}; retrying in ${inWords(delay)}`,
    dueAt: context.now + delay,
  };
}
