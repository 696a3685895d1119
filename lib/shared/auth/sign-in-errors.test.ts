import { describe, expect, it } from "vitest";
import { formatWait, signInErrorMessage, throttledErrorCode } from "./sign-in-errors";

describe("signInErrorMessage", () => {
  it("says the same thing for every wrong username or password", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe("Wrong username or password.");
  });

  it("tells a throttled analyst how long to wait", () => {
    expect(signInErrorMessage(throttledErrorCode(899.2))).toBe(
      "Too many failed sign-in attempts. Wait 15 minutes before trying again.",
    );
    expect(signInErrorMessage(throttledErrorCode(30))).toContain("Wait 30 seconds");
    expect(signInErrorMessage("Throttled:nonsense")).toContain("Wait a few minutes");
  });

  it("says sign-in is unavailable, not that the password was wrong, when the store is down", () => {
    expect(signInErrorMessage("Unavailable")).toMatch(/^Sign-in is unavailable right now/);
  });

  it("never repeats text from the URL", () => {
    const crafted = "Your account is locked, call +1 555 0100";
    expect(signInErrorMessage(crafted)).toBe("Sign-in failed. Try again.");
  });

  it("is null without an error", () => {
    expect(signInErrorMessage(undefined)).toBeNull();
    expect(signInErrorMessage("")).toBeNull();
  });
});

describe("formatWait", () => {
  it.each([
    [1, "1 second"],
    [59, "59 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [900, "15 minutes"],
  ])("%d s -> %s", (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
