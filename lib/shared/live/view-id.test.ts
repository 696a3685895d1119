import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { liveViewId, parseLiveViewId } from "./view-id";

// The ids the browser names its watched views by, as the server reads them back.

describe("parseLiveViewId", () => {
  it("reads back the id of a list view", () => {
    const query = { ...DEFAULT_QUERY, filters: { status: ["open" as const] } };
    expect(parseLiveViewId(liveViewId("acme", query))).toEqual({
      id: "acme?status=open",
      deployment: "acme",
      query,
    });
  });

  it("refuses a search: it reads the index, and the live queue watches the upstream", () => {
    const id = liveViewId("acme", { ...DEFAULT_QUERY, q: "user:alice" });
    expect(id).toBe("acme?q=user%3Aalice");
    expect(parseLiveViewId(id)).toBeNull();
  });
});
