import { describe, expect, it } from "vitest";
import { initialState, type SyncState } from "@/lib/server/mirror/sync/state";
import { statusOf } from "@/lib/server/mirror/sync/status";

// What a stored state says to an analyst: backfilling with n of about N and the time left,
// following, behind after three intervals without a successful read, failed with its reason.

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const INTERVAL = 10_000;
const stored = (state: Partial<SyncState>, updatedAt = NOW) => ({
  state: { ...initialState(NOW - 60_000, 500, 90 * 86_400_000), ...state },
  updatedAt,
});
const backfill = initialState(NOW, 500, 1).backfill!;

describe("the index's status", () => {
  it("is starting before anything is stored", () => {
    expect(statusOf(null, NOW, INTERVAL)).toMatchObject({ state: "starting" });
  });

  it("tells a backfill's progress, the time left at its pace, and how far back it holds", () => {
    const state = {
      backfill: {
        ...backfill,
        sweep: { ...backfill.sweep, lte: NOW - 3_600_000, page: 0 },
        indexed: 3_000,
        estimate: 10_000,
        pace: { since: NOW - 30_000, from: 0 },
      },
      syncedAt: NOW - 25_000,
    };
    expect(statusOf(stored(state), NOW, INTERVAL)).toEqual({
      state: "backfilling",
      syncedAt: NOW - 25_000,
      backfill: { indexed: 3_000, estimate: 10_000, remainingMs: 70_000 },
      reason: null,
      // The backfill reads newest first: everything from an hour ago on is held.
      heldFrom: NOW - 3_600_000,
    });
    // Before its first page, it holds nothing of the past yet.
    expect(statusOf(stored({ backfill }), NOW, INTERVAL)).toMatchObject({ heldFrom: null });
  });

  it("is following while its last read is recent, behind past three intervals", () => {
    const following = stored({ backfill: null, syncedAt: NOW - 12_000 });
    expect(statusOf(following, NOW, INTERVAL)).toEqual({
      state: "following",
      syncedAt: NOW - 12_000,
      backfill: null,
      reason: null,
    });
    expect(statusOf(following, NOW + 20_000, INTERVAL)).toMatchObject({ state: "behind" });
  });

  it("says failed with the reason from the second failure in a row, or once it is behind", () => {
    const failure = { reason: "The deployment cannot be reached right now.", since: NOW, count: 1 };
    const once = stored({ backfill: null, syncedAt: NOW - 5_000, failure });
    expect(statusOf(once, NOW, INTERVAL).state).toBe("following");
    expect(statusOf(once, NOW + 40_000, INTERVAL)).toMatchObject({
      state: "failed",
      reason: failure.reason,
    });
    const twice = stored({
      backfill: null,
      syncedAt: NOW - 5_000,
      failure: { ...failure, count: 2 },
    });
    expect(statusOf(twice, NOW, INTERVAL)).toMatchObject({
      state: "failed",
      reason: failure.reason,
    });
  });
});
