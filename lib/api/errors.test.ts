import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./errors";

describe("ApiError", () => {
  it("is recognised across copies of the module, as Next's per-route bundles make them", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.ApiError).not.toBe(ApiError);
    const foreign = new copy.ApiError("upstream_rate_limited", "slow down", {
      retryAfterSeconds: 4,
    });
    expect(foreign).toBeInstanceOf(ApiError);
    expect(foreign).toMatchObject({
      code: "upstream_rate_limited",
      retryAfterSeconds: 4,
      status: 503,
    });
  });

  it("does not claim plain errors, or errors that only share its name", () => {
    const lookalike = Object.assign(new Error("x"), { name: "ApiError", code: "not_found" });
    expect(lookalike).not.toBeInstanceOf(ApiError);
    expect(new Error("x")).not.toBeInstanceOf(ApiError);
    expect(null).not.toBeInstanceOf(ApiError);
  });

  it("serialises to the one error shape", () => {
    const error = new ApiError("invalid_request", "size must be one of 10, 20, 50, 100", {
      param: "size",
    });
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      error: {
        code: "invalid_request",
        message: "size must be one of 10, 20, 50, 100",
        param: "size",
      },
    });
  });
});
