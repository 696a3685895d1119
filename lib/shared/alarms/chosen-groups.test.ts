import { describe, expect, it } from "vitest";
import { canChooseGroup, chosenGroupsView } from "./chosen-groups";
import { parseView, viewApiSearch } from "./view";

// What a bulk action is given for the groups ticked on a grouped list: the list's view, its
// grouping and page gone, narrowed to those groups (that it finds exactly their alarms, on both
// engines: lib/server/search/chosen-groups.test.ts).

const grouped = (search: string) => parseView(new URLSearchParams(search), "all").view;

describe("the groups ticked, as a view", () => {
  it("keeps the list's filters and search and adds the groups' terms, ORed", () => {
    const view = grouped("status=open&q=priority>=50&group=strategy&page=2&deployments=acme");
    const narrowed = chosenGroupsView(view, "strategy", ["brute force", null])!;
    expect(narrowed.group).toBeUndefined();
    const params = new URLSearchParams(viewApiSearch(narrowed));
    expect(params.get("q")).toBe('priority>=50 ((strategy:"brute force") OR (NOT strategy:*))');
    expect(params.get("status")).toBe("open");
    expect(params.get("deployments")).toBe("acme");
    expect(params.has("page")).toBe(false);
    expect(params.has("group")).toBe(false);
  });

  it("narrows the deployments named where the groups are deployments", () => {
    const view = grouped("group=deployment,strategy&q=status:open");
    const narrowed = chosenGroupsView(view, "deployment", ["acme", "globex"])!;
    expect(narrowed.deployments).toEqual(["acme", "globex"]);
    expect(narrowed.query.q).toBe("status:open");
    expect(new URLSearchParams(viewApiSearch(narrowed)).get("deployments")).toBe("acme,globex");
  });

  it("is nothing without a group, or with one no search finds exactly", () => {
    const view = grouped("group=technique");
    expect(chosenGroupsView(view, "technique", [])).toBeNull();
    expect(canChooseGroup("technique", null)).toBe(false);
    expect(chosenGroupsView(view, "technique", ["t1110", null])).toBeNull();
    expect(canChooseGroup("deployment", null)).toBe(false);
    expect(canChooseGroup("strategy", null)).toBe(true);
  });
});
