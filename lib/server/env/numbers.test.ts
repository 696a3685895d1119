import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, type ServerEnv } from ".";

// The number variables, all read by one rule (rules.ts): what an operator may set, and the line
// start-up stops with when a value is outside that.

const base = {
  NEXTAUTH_SECRET: "a-long-enough-session-secret",
  USM_BASE_URL: "https://acme.alienvault.cloud",
  USM_CLIENT_ID: "client",
  USM_CLIENT_SECRET: "secret",
};

/** The lines of the error an environment stops start-up with. */
function lines(env: Record<string, string>): string[] {
  const error = (() => {
    try {
      parseEnv(env);
    } catch (thrown) {
      return thrown;
    }
  })();
  expect(error).toBeInstanceOf(EnvError);
  return (error as Error).message.split("\n");
}

describe("the number variables", () => {
  // Each one's default, both ends of its range (taken), values outside it (refused, as is a
  // word) and how the line that then names it goes on after "must be a whole number".
  const hops = " (0 when no reverse proxy is in front)";
  const numbers: [string, number, [number, number], string[], string][] = [
    ["USM_TIMEOUT_MS", 10_000, [0, 600_000], ["-1", "0.5"], ", 0 or more"],
    ["USM_CACHE_TTL_MS", 3_000, [0, 60_000], ["-1", "2.5"], ", 0 or more"],
    ["USM_RATE_GET_PER_SECOND", 100, [0, 5_000], ["-1", "0.5"], ", 0 or more"],
    ["USM_RATE_POST_PER_SECOND", 50, [0, 5_000], ["-1", "0.5"], ", 0 or more"],
    ["LIVE_INTERVAL_SECONDS", 15, [0, 3_600], ["-1", "3601", "7.5"], " from 0 to 3600"],
    ["LIVE_WINDOW", 100, [10, 1_000], ["9", "1001", "50.5"], " from 10 to 1000"],
    ["LABELS_INTERVAL_SECONDS", 5, [0, 3_600], ["-1", "3601", "2.5"], " from 0 to 3600"],
    ["LABELS_RETRY_SECONDS", 30, [1, 3_600], ["0", "3601", "2.5"], " from 1 to 3600"],
    ["EXPORT_MAX_ROWS", 100_000, [1, 10_000_000], ["0", "10000001", "1.5"], " from 1 to 10000000"],
    ["EXPORT_PAGE_SIZE", 50, [10, 1_000], ["9", "1001", "20.5"], " from 10 to 1000"],
    ["AUTH_TRUSTED_PROXY_HOPS", 0, [0, 5], ["-1", "1.5"], `, 0 or more${hops}`],
  ];
  // Where each one lands.
  const read: Record<string, (env: ServerEnv) => unknown> = {
    USM_TIMEOUT_MS: (env) => env.deployments[0]?.timeoutMs,
    USM_CACHE_TTL_MS: (env) => env.usm.cacheTtlMs,
    USM_RATE_GET_PER_SECOND: (env) => env.deployments[0]?.getPerSecond,
    USM_RATE_POST_PER_SECOND: (env) => env.deployments[0]?.postPerSecond,
    LIVE_INTERVAL_SECONDS: (env) => env.live.intervalMs / 1000,
    LIVE_WINDOW: (env) => env.live.window,
    LABELS_INTERVAL_SECONDS: (env) => env.labels.intervalMs / 1000,
    LABELS_RETRY_SECONDS: (env) => env.labels.retryMs / 1000,
    EXPORT_MAX_ROWS: (env) => env.export.maxRows,
    EXPORT_PAGE_SIZE: (env) => env.export.pageSize,
    AUTH_TRUSTED_PROXY_HOPS: (env) => env.auth.trustedProxyHops,
  };

  it.each(numbers)("%s: %d unless set", (name, fallback, ends, refused, range) => {
    const value = (env: Record<string, string>) => read[name]!(parseEnv({ ...base, ...env }));
    expect(value({})).toBe(fallback);
    expect(value({ [name]: " " })).toBe(fallback);
    for (const end of ends) expect(value({ [name]: String(end) })).toBe(end);
    for (const wrong of [...refused, "many"]) {
      expect(lines({ ...base, [name]: wrong }), wrong).toContain(
        `  ${name} must be a whole number${range}`,
      );
    }
  });

  it("LIVE_BUDGET_SHARE: 0.1 unless set; must be a number from 0.01 to 0.5", () => {
    expect(parseEnv(base).live.budgetShare).toBe(0.1);
    for (const share of [0.01, 0.25, 0.5]) {
      expect(parseEnv({ ...base, LIVE_BUDGET_SHARE: String(share) }).live.budgetShare).toBe(share);
    }
    for (const value of ["0.005", "0.6", "half"]) {
      expect(lines({ ...base, LIVE_BUDGET_SHARE: value }), value).toContain(
        "  LIVE_BUDGET_SHARE must be a number from 0.01 to 0.5",
      );
    }
  });
});
