import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import {
  READ_RULES,
  chooseSource,
  fallBack,
  type ReadKind,
  type ReadScope,
  type ReadView,
} from "./policy";

// The read policy's table, row by row: which views each row sends to the index, and what a read
// does when the index cannot answer. Pure: no index, no upstream.

const view = (kind: ReadKind, scope: ReadScope, query: Partial<AlarmListQuery> = {}): ReadView => ({
  kind,
  scope,
  query: { ...DEFAULT_QUERY, ...query },
});

const SEARCH = { q: "user:alice" };
const SEVERAL = { filters: { status: ["open", "closed"] } } as Partial<AlarmListQuery>;
const BY_PRIORITY = { sort: { field: "priority", direction: "desc" } } as Partial<AlarmListQuery>;
const KINDS: ReadKind[] = ["page", "groups", "count", "export", "watch"];

describe("where a read of a view comes from", () => {
  it("reads a deployment's plain view from the upstream, whatever is read of it but groups", () => {
    for (const kind of KINDS.filter((k) => k !== "groups")) {
      expect(chooseSource(view(kind, "deployment"))).toEqual({
        source: "upstream",
        reason: "plain",
      });
    }
  });

  it("needs the index for a search, whatever is read of it, and refuses without one", () => {
    for (const kind of KINDS) {
      expect(chooseSource(view(kind, "deployment", SEARCH))).toEqual({
        source: "index",
        reason: "search",
        fallback: "refuse",
      });
    }
  });

  it("needs the index for a filter of several values, one value going upstream", () => {
    expect(chooseSource(view("page", "deployment", SEVERAL))).toMatchObject({
      source: "index",
      reason: "severalValues",
    });
    const one = { filters: { status: ["open"] } } as Partial<AlarmListQuery>;
    expect(chooseSource(view("page", "deployment", one)).source).toBe("upstream");
  });

  it("needs the index for a filter value the upstream cannot express (the status none)", () => {
    const none = { filters: { status: ["none"] } } as unknown as Partial<AlarmListQuery>;
    expect(chooseSource(view("export", "deployment", none))).toMatchObject({
      source: "index",
      reason: "inexpressibleFilter",
    });
  });

  it("needs the index for groups, of a deployment as of the queue", () => {
    for (const scope of ["deployment", "all"] as const) {
      expect(chooseSource(view("groups", scope))).toMatchObject({
        source: "index",
        reason: "groups",
        fallback: "refuse",
      });
    }
  });

  it("needs the index for the queue's numbered pages and its orders but newest first", () => {
    expect(chooseSource(view("page", "all", { page: 2 }))).toMatchObject({
      reason: "numberedPage",
      fallback: "refuse",
    });
    expect(chooseSource(view("page", "all", BY_PRIORITY))).toMatchObject({
      reason: "anyColumnSort",
      fallback: "refuse",
    });
    // A deployment's upstream pages and sorts by any column itself.
    expect(chooseSource(view("page", "deployment", { page: 2, ...BY_PRIORITY })).source).toBe(
      "upstream",
    );
  });

  it("reads the queue's first page newest first from the index, each upstream where it cannot", () => {
    expect(chooseSource(view("page", "all"))).toEqual({
      source: "index",
      reason: "queueOfAll",
      fallback: "upstream",
    });
  });

  it("needs the index for the counts, export and watch of several deployments", () => {
    for (const kind of ["count", "export", "watch"] as const) {
      expect(chooseSource(view(kind, "all"))).toMatchObject({
        source: "index",
        reason: "allDeployments",
        fallback: "refuse",
      });
    }
  });

  it("counts a deployment from the index where it holds it whole, else from the upstream", () => {
    expect(chooseSource(view("count", "deployment"), { heldWhole: true })).toEqual({
      source: "index",
      reason: "heldWhole",
      fallback: "upstream",
    });
    expect(chooseSource(view("count", "deployment"), { heldWhole: false }).source).toBe("upstream");
    // Held whole, a list page still reads its upstream: only counts take the index's place.
    expect(chooseSource(view("page", "deployment"), { heldWhole: true }).source).toBe("upstream");
  });

  it("refuses the counts of several values of a deployment the index does not hold whole", () => {
    const choice = chooseSource(view("count", "deployment", SEVERAL), { heldWhole: false });
    expect(choice).toMatchObject({ source: "refused", reason: "severalValues" });
    const error = choice.source === "refused" ? choice.error : null;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "index_unavailable", param: "status" });
    expect(error?.message).toMatch(/^Counted once the index holds this deployment whole/);
  });

  it("decides by the first row that holds: a search of the queue is the search's", () => {
    expect(chooseSource(view("page", "all", { ...SEARCH, page: 3 })).reason).toBe("search");
    expect(Object.keys(READ_RULES).indexOf("search")).toBe(0);
  });
});

describe("what a read does when the index cannot answer", () => {
  const gone = new ApiError("index_unavailable", "The index cannot answer here: no database.");

  it("reads the upstream where its row falls back to it", () => {
    const queue = view("page", "all");
    const choice = chooseSource(queue);
    if (choice.source !== "index") throw new Error("the queue reads the index first");
    expect(fallBack(choice, queue, gone)).toBe("upstream");
  });

  it("refuses with the index's own reason where the view needs it", () => {
    const search = view("page", "deployment", SEARCH);
    const choice = chooseSource(search);
    if (choice.source !== "index") throw new Error("a search reads the index");
    expect(() => fallBack(choice, search, gone)).toThrow(gone);
  });

  it("words the refusal of a count of several values as the overview says it", () => {
    const count = view("count", "deployment", SEVERAL);
    const choice = chooseSource(count, { heldWhole: true });
    if (choice.source !== "index") throw new Error("held whole, the index counts it");
    expect(() => fallBack(choice, count, gone)).toThrow(/^Counted once the index holds/);
  });

  it("throws what is not the index's own failure as it came", () => {
    const bug = new TypeError("a bug");
    const search = view("page", "deployment", SEARCH);
    const needs = chooseSource(search);
    if (needs.source !== "index") throw new Error("a search reads the index");
    expect(() => fallBack(needs, search, bug)).toThrow(bug);
  });
});
