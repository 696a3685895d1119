import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { signInAgainIfSignedOut, whileSigningOut } from "./query-client";

// A read that meets an ended session sends the tab to sign-in, with its view as the way back;
// while the tab signs itself out (the user menu), the menu's own way wins. A stand-in for the
// browser's location records where the tab was sent (the tests run in Node).

let sentTo: string[];
const original = (globalThis as { window?: unknown }).window;

beforeEach(() => {
  sentTo = [];
  (globalThis as { window?: unknown }).window = {
    location: {
      pathname: "/d/acme/alarms",
      search: "?status=open",
      assign: (url: string) => sentTo.push(url),
    },
  };
});

afterEach(() => {
  (globalThis as { window?: unknown }).window = original;
});

const ended = new ApiError("unauthenticated", "Sign in to continue.");

describe("a read that meets an ended session", () => {
  it("sends the tab to sign-in with its view as the way back, for nothing else", () => {
    signInAgainIfSignedOut(new ApiError("not_found", "No such alarm."));
    expect(sentTo).toEqual([]);
    signInAgainIfSignedOut(ended);
    expect(sentTo).toEqual(["/signin?callbackUrl=%2Fd%2Facme%2Falarms%3Fstatus%3Dopen"]);
  });

  it("leaves the way to sign-in to the menu while the tab signs itself out, and not after a failure", async () => {
    await expect(
      whileSigningOut(async () => {
        signInAgainIfSignedOut(ended); // the live stream heard of it and a read came back 401
        throw new ApiError("upstream_unavailable", "Could not reach the Alarm Console server.");
      }),
    ).rejects.toThrow("Could not reach");
    expect(sentTo).toEqual([]);
    // Not signed out after all: a later ended session goes to sign-in again.
    signInAgainIfSignedOut(ended);
    expect(sentTo).toHaveLength(1);

    await whileSigningOut(async () => signInAgainIfSignedOut(ended));
    expect(sentTo).toHaveLength(1);
  });
});
