import { describe, expect, it } from "vitest";
import { ApiError, type ErrorCode } from "@/lib/shared/core/errors";
import { makeQueryClient } from "./query-client";
import { MAX_RATE_LIMIT_RETRIES, retryDelay, shouldRetry } from "./retry";

const error = (code: ErrorCode, retryAfterSeconds?: number) =>
  new ApiError(code, code, { retryAfterSeconds });

describe("shouldRetry", () => {
  it("waits out a rate limit, ours or the upstream's, a few times", () => {
    for (const code of ["rate_limited", "upstream_rate_limited"] as const) {
      expect(shouldRetry(0, error(code))).toBe(true);
      expect(shouldRetry(MAX_RATE_LIMIT_RETRIES, error(code))).toBe(true);
      expect(shouldRetry(MAX_RATE_LIMIT_RETRIES + 1, error(code))).toBe(false);
    }
  });

  it("shows every other failure at once: a refusal, a server error, a failure not ours", () => {
    const others: ErrorCode[] = ["invalid_request", "unauthenticated", "not_found", "internal"];
    for (const code of [...others, "upstream_unavailable", "index_unavailable"] as const) {
      expect(shouldRetry(0, error(code))).toBe(false);
    }
    expect(shouldRetry(0, new TypeError("Failed to fetch"))).toBe(false);
  });
});

describe("retryDelay", () => {
  it("waits as long as the answer said", () => {
    expect(retryDelay(0, error("rate_limited", 12))).toBe(12_000);
    expect(retryDelay(3, error("rate_limited", 0))).toBe(0);
  });

  it("otherwise doubles from a second, up to ten", () => {
    const delays = [0, 1, 2, 3, 4, 5].map((count) => retryDelay(count, error("rate_limited")));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });
});

describe("the query client's retries", () => {
  /** A query function that fails with `failures` in turn, then answers. */
  function answering(failures: ApiError[]) {
    let calls = 0;
    const queryFn = () => {
      const failure = failures[calls++];
      return failure ? Promise.reject(failure) : Promise.resolve({ calls });
    };
    return { queryFn, calls: () => calls };
  }

  it("apply to every query without its own options: a rate limit is asked again", async () => {
    const client = makeQueryClient();
    const read = answering([error("rate_limited", 0), error("upstream_rate_limited", 0)]);
    await expect(client.fetchQuery({ queryKey: ["t", 1], queryFn: read.queryFn })).resolves.toEqual(
      { calls: 3 },
    );
  });

  it("and a refusal is not", async () => {
    const client = makeQueryClient();
    const read = answering([error("not_found"), error("not_found")]);
    await expect(
      client.fetchQuery({ queryKey: ["t", 2], queryFn: read.queryFn }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(read.calls()).toBe(1);
  });
});
