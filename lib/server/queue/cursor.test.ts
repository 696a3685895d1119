import { describe, expect, it } from "vitest";
import type { QueueCursor } from "./merge";
import { decodeCursor, encodeCursor } from "./cursor";

const T0 = 1_700_000_000_000;

describe("cursors", () => {
  const raw = (value: unknown) =>
    Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

  it("survive a URL unchanged", () => {
    const cursor: QueueCursor = {
      direction: "newer",
      positions: {
        acme: [T0, "0b5e3c1a-2f4d-4e6b-8a9c-1d2e3f4a5b6c"],
        globex: [T0 - 1, ""],
        "initech-eu-2": [0, "~"],
      },
    };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ direction: "older", positions: {} }))).toEqual({
      direction: "older",
      positions: {},
    });
  });

  it("hold up to 200 deployments", () => {
    const positions = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`d${i}`, [T0, "~"]]));
    expect(decodeCursor(raw({ d: "o", p: positions(200) }))).not.toBeNull();
    expect(decodeCursor(raw({ d: "o", p: positions(201) }))).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["padded with =", "eyJkIjoibyIsInAiOnt9fQ=="],
    ["with a space", "eyJkIjoibyIs InAiOnt9fQ"],
    ["not JSON", raw("{d:o}")],
    ["not UTF-8", Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")],
    ["null", raw("null")],
    ["an array", raw([])],
    ["another direction", raw({ d: "x", p: {} })],
    ["an extra field", raw({ d: "o", p: {}, page: 2 })],
    ["an uppercase key", raw({ d: "o", p: { Acme: [T0, ""] } })],
    ["a key starting with a dash", raw({ d: "o", p: { "-acme": [T0, ""] } })],
    ["a key with an underscore", raw({ d: "o", p: { ac_me: [T0, ""] } })],
    ["a key of 64 characters", raw({ d: "o", p: { ["a".repeat(64)]: [T0, ""] } })],
    ["a negative time", raw({ d: "o", p: { acme: [-1, ""] } })],
    ["a fractional time", raw({ d: "o", p: { acme: [1.5, ""] } })],
    ["an unsafe time", raw({ d: "o", p: { acme: [2 ** 53, ""] } })],
    ["a time as text", raw({ d: "o", p: { acme: [String(T0), ""] } })],
    ["a uuid of 65 characters", raw({ d: "o", p: { acme: [T0, "a".repeat(65)] } })],
    ["a position of three", raw({ d: "o", p: { acme: [T0, "", 1] } })],
    ["over 16 KB", raw(`{"d":"o","p":{}${" ".repeat(16 * 1024)}}`)],
  ])("are refused: %s", (_, text) => {
    expect(decodeCursor(text)).toBeNull();
  });

  it("are never written in a form that would be refused", () => {
    expect(() =>
      encodeCursor({ direction: "older", positions: { "Big Corp": [T0, ""] } }),
    ).toThrow();
    expect(() => encodeCursor({ direction: "older", positions: { acme: [-1, ""] } })).toThrow();
  });
});
