import { describe, expect, it, vi } from "vitest";
import { ApiError, parseErrorBody } from "./errors";

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

describe("parseErrorBody", () => {
  it("reads what ApiError serialises, and nothing more", () => {
    const body = new ApiError("upstream_rate_limited", "slow down", {
      retryAfterSeconds: 0,
    }).toBody();
    expect(parseErrorBody(body)).toEqual(body);
    expect(
      parseErrorBody({ error: { code: "not_found", message: "gone", param: "uuid", extra: 1 } }),
    ).toEqual({ error: { code: "not_found", message: "gone", param: "uuid" } });
  });

  it.each([
    ["not an object", "<html>"],
    ["null", null],
    ["an array", [{ error: { code: "internal", message: "x" } }]],
    ["no error", { message: "x" }],
    ["an unknown code", { error: { code: "teapot", message: "x" } }],
    ["an inherited key as code", { error: { code: "toString", message: "x" } }],
    ["no message", { error: { code: "internal" } }],
    ["a param that is not text", { error: { code: "internal", message: "x", param: 3 } }],
    ["a negative wait", { error: { code: "internal", message: "x", retryAfterSeconds: -1 } }],
    ["a fractional wait", { error: { code: "internal", message: "x", retryAfterSeconds: 1.5 } }],
    ["a wait as text", { error: { code: "internal", message: "x", retryAfterSeconds: "3" } }],
  ])("refuses %s", (_what, body) => {
    expect(parseErrorBody(body)).toBeNull();
  });
});
