import { describe, expect, it } from "vitest";
import { afterSignInPath, DEFAULT_CALLBACK_PATH, safeCallbackPath } from "./callback-url";

const ORIGIN = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it.each([
    "/alarms",
    "/alarms?sort=priority,desc&status=open&page=2",
    "/alarms/0b2bd2c4-77c5-4d5d-a8ce-6d0d9c1b8a51",
    "/alarms?search=http%3A%2F%2Fevil.com",
    "/alarms#events",
  ])("keeps the same-origin path %s exactly", (path) => {
    expect(safeCallbackPath(path)).toBe(path);
  });

  it("turns an absolute URL on our own origin into its path", () => {
    expect(safeCallbackPath(`${ORIGIN}/alarms?page=2`, ORIGIN)).toBe("/alarms?page=2");
  });

  it.each([
    "//evil.com",
    "//evil.com/alarms",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    " //evil.com",
    "https://evil.com",
    "https://evil.com/alarms",
    "http://localhost:3000.evil.com/alarms",
    "http://user:pass@localhost:3000/alarms",
    "HTTPS://EVIL.COM",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.com",
    "/%2F%2Fevil.com",
    "/%2f%2fevil.com",
    "/%5Cevil.com",
    "/%252F%252Fevil.com",
    "%2F%2Fevil.com",
    "/../..//evil.com",
    "/./%2e%2e//evil.com",
    "",
    `/${"a".repeat(4001)}`,
  ])("refuses %j and falls back to the home page", (raw) => {
    expect(safeCallbackPath(raw, ORIGIN)).toBe(DEFAULT_CALLBACK_PATH);
  });

  it("refuses an absolute URL, even our own, when no origin is given", () => {
    expect(safeCallbackPath(`${ORIGIN}/alarms`)).toBe(DEFAULT_CALLBACK_PATH);
  });

  it("refuses what is not a string", () => {
    expect(safeCallbackPath(undefined)).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath(["/alarms"])).toBe(DEFAULT_CALLBACK_PATH);
  });

  it("never returns something a browser would read as another host", () => {
    const tricky = ["/..//evil.com", "/.//evil.com", "/a/../../\\evil.com", "/%09/evil.com"];
    for (const raw of tricky) {
      const result = safeCallbackPath(raw, ORIGIN);
      expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe("afterSignInPath", () => {
  it("never sends a signed-in analyst back to the sign-in page", () => {
    expect(afterSignInPath("/signin")).toBe("/");
    expect(afterSignInPath("/signin?callbackUrl=%2Fsignin")).toBe("/");
    expect(afterSignInPath("/signin-help")).toBe("/signin-help");
    expect(afterSignInPath("/alarms?page=2")).toBe("/alarms?page=2");
    expect(afterSignInPath("//evil.com")).toBe("/");
  });
});
