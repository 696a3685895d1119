import { describe, expect, it } from "vitest";
import type { AlarmTriage, TriageNotice } from "@/lib/shared/triage/types";
import { patchFromNotice } from "./notice-patch";

const open: AlarmTriage = {
  owner: "bob",
  acknowledged: null,
  closed: null,
  label: { state: "none" },
  notes: [],
  history: [],
  names: { bob: "Bob" },
};
const notice = (change: Partial<TriageNotice>): TriageNotice => ({
  deployment: "acme",
  uuids: ["u"],
  action: "owner",
  analyst: "alice",
  analystName: "Alice",
  at: 1_000,
  ...change,
});

describe("a teammate's notice, shown on the alarm's triage at once", () => {
  it("moves the owner, the acknowledgement and the verdict as the notice says", () => {
    expect(patchFromNotice(open, notice({ owner: "alice" }))).toMatchObject({
      owner: "alice",
      names: { alice: "Alice", bob: "Bob" },
    });
    expect(patchFromNotice(open, notice({ owner: null })).owner).toBeNull();
    expect(
      patchFromNotice(open, notice({ action: "acknowledged", acknowledged: true })).acknowledged,
    ).toEqual({ by: "alice", at: 1_000 });
    const closed = patchFromNotice(open, notice({ action: "closed", verdict: "false_positive" }));
    expect(closed.closed).toEqual({
      by: "alice",
      at: 1_000,
      verdict: "false_positive",
      reason: "",
      duplicateOf: null,
    });
    expect(closed.acknowledged).toEqual({ by: "alice", at: 1_000 });
    expect(
      patchFromNotice(closed, notice({ action: "reopened", verdict: null })).closed,
    ).toBeNull();
  });

  it("leaves what a notice does not describe to the read it starts", () => {
    expect(patchFromNotice(open, notice({ action: "note_added" }))).toBe(open);
  });
});
