import "server-only";
import type { BudgetUsage } from "./budget";
import type { UsmCall } from "./alarms";
import type { UsmClient } from "./client";
import { countAlarms } from "./counts";
import type { UsmHealth } from "@/lib/server/core/shapes";

// Whether a deployment answers this console: a token (reachability, credentials) and a one-alarm
// read (API access), shared briefly by everyone asking.

/**
 * Whether the upstream answers this client. Throws the ApiError an analyst would get; otherwise
 * reports the token's expiry, the budget's size and the asking analyst's own calls waiting,
 * nobody else's. Never the upstream's address or any credential.
 */
export async function fetchHealth(call: UsmCall): Promise<UsmHealth> {
  const { client } = call;
  const started = Date.now();
  const { total } = await countAlarms({}, call, { budget: "analyst" });
  const status = client.status();
  return {
    upstream: {
      reachable: true,
      apiAccess: true,
      totalAlarms: total,
      checkedInMs: Date.now() - started,
    },
    token: {
      valid: status.token.valid,
      expiresAt: status.token.expiresAt,
      expiresInSeconds:
        status.token.expiresAt === null
          ? null
          : Math.max(0, Math.floor((status.token.expiresAt - Date.now()) / 1000)),
    },
    // The budget in use, not how many wait: those are other analysts' calls too.
    budget: { get: usage(status.budget.get), post: usage(status.budget.post) },
    yourQueuedCalls: client.queuedFor(call.analyst),
    cache: status.cache,
  };
}

function usage({ limitPerSecond, sustainedPerSecond, recentPerSecond }: BudgetUsage) {
  return { limitPerSecond, sustainedPerSecond, recentPerSecond };
}

/** Readiness: the upstream answers this client (a shared, briefly cached one-alarm read). */
export async function checkUpstream(client: UsmClient): Promise<void> {
  await countAlarms({}, { analyst: "(readiness)", client }, { budget: "readiness" });
}
