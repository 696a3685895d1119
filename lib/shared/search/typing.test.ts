import { describe, expect, it } from "vitest";
import { problemWindow, quoteValue, termAt, withChoice } from "./typing";

// What the search box makes of the text and the caret: the term a suggestion is for, the text
// once a suggestion is taken, and where the caret goes under a problem.

const at = (text: string) => termAt(text.replace("|", ""), text.indexOf("|"));

describe("termAt", () => {
  it.each([
    ["host:we|", { field: "host", value: "we", start: 0, end: 7 }],
    ["status:open AND user:al|", { field: "user", value: "al", start: 16, end: 23 }],
    ["(user:al|ice OR x)", { field: "user", value: "al", start: 1, end: 11 }],
    ['strategy:"brute fo|', { field: "strategy", value: "brute fo", start: 0, end: 18 }],
    ["-user:ro|", { field: "user", value: "ro", start: 1, end: 8 }],
    ["sr|", { field: null, value: "sr", start: 0, end: 2 }],
    ["10.1.2.3 AND st|", { field: null, value: "st", start: 13, end: 15 }],
    ["user:|", { field: "user", value: "", start: 0, end: 5 }],
  ])("%s", (text, want) => {
    expect(at(text)).toEqual(want);
  });

  it.each(["|", "user:alice |", "AND|", '"brute|', ":x|", "a (|"])(
    "finds nothing to suggest for in %j",
    (text) => {
      expect(at(text)).toBeNull();
    },
  );
});

describe("withChoice", () => {
  it("writes a field's name ready for its value, and a value quoted where it must be", () => {
    const text = "status:open AND sr";
    expect(withChoice(text, termAt(text, text.length)!, { field: "src_ip" })).toEqual({
      text: "status:open AND src_ip:",
      caret: 23,
    });
    const typed = "strategy:bru AND status:open";
    expect(withChoice(typed, termAt(typed, 12)!, { value: "Brute Force Authentication" })).toEqual({
      text: 'strategy:"Brute Force Authentication" AND status:open',
      caret: 38,
    });
    const end = "host:we";
    expect(withChoice(end, termAt(end, 7)!, { value: "web-01" })).toEqual({
      text: "host:web-01 ",
      caret: 12,
    });
  });

  it("quotes what the language would otherwise read apart", () => {
    expect(quoteValue("web-01")).toBe("web-01");
    expect(quoteValue("2001:db8::1")).toBe('"2001:db8::1"');
    expect(quoteValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteValue("a*")).toBe('"a*"');
  });
});

describe("problemWindow", () => {
  it("shows a short query whole, the caret at the problem", () => {
    expect(problemWindow("user:alice AND (", 15)).toEqual({ text: "user:alice AND (", caret: 15 });
  });

  it("shows the stretch of a long query around the problem, marked where cut", () => {
    const q = `${"a ".repeat(100)}foo:bar${" b".repeat(100)}`;
    const { text, caret } = problemWindow(q, 200, 40);
    expect(text.startsWith("…") && text.endsWith("…")).toBe(true);
    expect(text.length).toBe(42);
    expect(text.slice(caret, caret + 7)).toBe("foo:bar");
  });
});
