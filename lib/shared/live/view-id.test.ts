import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { liveViewId, parseLiveViewId } from "./view-id";

// The ids the browser names its watched views by, as the server reads them back: one id per
// view, whoever writes it.

const OPEN: AlarmListQuery = { ...DEFAULT_QUERY, filters: { status: ["open"] } };

describe("parseLiveViewId", () => {
  it("reads back the id of a list view the upstream answers", () => {
    expect(parseLiveViewId(liveViewId("acme", OPEN))).toEqual({
      id: "acme?status=open",
      deployment: "acme",
      deployments: ["acme"],
      query: OPEN,
      source: "upstream",
    });
  });

  it("reads back a search, and several values of a filter, as views the index answers", () => {
    const search = liveViewId("acme", { ...DEFAULT_QUERY, q: "user:alice" });
    expect(search).toBe("acme?q=user%3Aalice");
    expect(parseLiveViewId(search)).toMatchObject({ deployments: ["acme"], source: "index" });
    const several = liveViewId("acme", {
      ...DEFAULT_QUERY,
      filters: { status: ["open", "in_review"] },
    });
    expect(several).toBe("acme?status=open&status=in_review");
    expect(parseLiveViewId(several)).toMatchObject({
      query: { filters: { status: ["open", "in_review"] } },
      source: "index",
    });
  });

  it("names an all-view's deployments, sorted and each once, whatever order it was given", () => {
    const id = liveViewId("all", OPEN, ["globex", "acme", "globex", "Initech"]);
    expect(id).toBe("all?status=open&deployments=acme%2Cglobex%2Cinitech");
    expect(liveViewId("all", OPEN, ["initech", "acme", "globex"])).toBe(id);
    expect(parseLiveViewId(id)).toEqual({
      id,
      deployment: "all",
      deployments: ["acme", "globex", "initech"],
      query: OPEN,
      source: "index",
    });
    // The list's page and size stay out; its sort and search stay in.
    const sorted = {
      ...OPEN,
      page: 3,
      size: 50 as const,
      q: "ip:10.0.0.0/8",
      sort: { field: "priority", direction: "desc" } as const,
    };
    const other = liveViewId("all", sorted, ["acme"]);
    expect(other).toBe("all?sort=priority%2Cdesc&q=ip%3A10.0.0.0%2F8&status=open&deployments=acme");
    expect(parseLiveViewId(other)?.query).toEqual({ ...sorted, page: 0, size: 20 });
  });

  it.each([
    ["an all-view naming no deployment", "all"],
    ["an all-view naming none", "all?deployments="],
    ["deployments out of order", "all?deployments=globex%2Cacme"],
    ["a deployment twice", "all?deployments=acme%2Cacme"],
    ["deployments given twice", "all?deployments=acme&deployments=globex"],
    ["deployments before the filters", "all?deployments=acme&status=open"],
    ["a deployment in upper case", "all?deployments=ACME"],
    ["a key that is no deployment's", "all?deployments=acme%2C..%2Fx"],
    ["all among the deployments", "all?deployments=acme%2Call"],
    ["deployments on a deployment's view", "acme?deployments=acme"],
    ["a page", "acme?page=2"],
    ["a size", "all?size=50&deployments=acme"],
    ["a filter that cannot be read", "acme?status=nope"],
    ["filters out of the canonical order", "acme?status=open&sort=priority%2Cdesc"],
  ])("refuses %s", (_, id) => {
    expect(parseLiveViewId(id)).toBeNull();
  });

  it("refuses an all-view of more deployments than a console has", () => {
    const many = Array.from({ length: 101 }, (_, i) => `d${String(i).padStart(3, "0")}`);
    expect(parseLiveViewId(liveViewId("all", DEFAULT_QUERY, many))).toBeNull();
    expect(parseLiveViewId(liveViewId("all", DEFAULT_QUERY, many.slice(1)))).not.toBeNull();
  });
});
