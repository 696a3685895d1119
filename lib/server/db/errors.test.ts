import { describe, expect, it } from "vitest";
import { statementTimeoutError } from "./statement-limit";
import { ApiError } from "@/lib/shared/core/errors";
import { asIndexUnavailable } from "./errors";

describe("a read of the index past its limit", () => {
  it("is answered 503 saying how to narrow the view, never the database's words", () => {
    const answer = asIndexUnavailable(statementTimeoutError());
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({ code: "index_unavailable" });
    expect((answer as ApiError).message).toMatch(/narrow it \(a shorter time range/);
    expect((answer as ApiError).message).not.toMatch(/canceling statement/);
  });
});
