import { expect, it } from "vitest";
import { parseTriageArgs } from "./triage-args";

// What the triage command line makes of its arguments: the audit's range above all.

const NOW = Date.parse("2026-11-28T12:00:00Z");

it("reads the audit's range as dates or date-times, UTC unless an offset is given", () => {
  expect(parseTriageArgs(["audit", "--from", "2026-11-01", "--to", "2026-11-28"], NOW)).toEqual({
    kind: "audit",
    from: Date.parse("2026-11-01T00:00:00Z"),
    to: Date.parse("2026-11-28T00:00:00Z"),
  });
  expect(
    parseTriageArgs(["audit", "--from=2026-11-27T08:30", "--to=2026-11-27T12:00+02:00"], NOW),
  ).toEqual({
    kind: "audit",
    from: Date.parse("2026-11-27T08:30:00Z"),
    to: Date.parse("2026-11-27T10:00:00Z"),
  });
});

it("defaults to the last 24 hours, and refuses what it cannot read", () => {
  expect(parseTriageArgs(["audit"], NOW)).toEqual({
    kind: "audit",
    from: NOW - 24 * 3600_000,
    to: NOW,
  });
  expect(() => parseTriageArgs(["audit", "--from", "yesterday"], NOW)).toThrow(
    '--from "yesterday" is not a date',
  );
  expect(() => parseTriageArgs(["audit", "--from", "2026-11-28", "--to", "2026-11-01"])).toThrow(
    "--from must come before --to",
  );
  expect(() => parseTriageArgs(["audit", "--since", "2026-11-01"])).toThrow(
    "unknown argument --since",
  );
  expect(() => parseTriageArgs(["audit", "--to"])).toThrow("--to needs a value");
  expect(() => parseTriageArgs(["export", "x"])).toThrow("unexpected argument x");
  expect(parseTriageArgs(["import", "t.ndjson"])).toEqual({ kind: "import", file: "t.ndjson" });
});
