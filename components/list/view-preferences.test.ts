// The stored table preferences: read safely, and applied alike by the page and its inline script.

import { describe, expect, it } from "vitest";
import { alarmColumns, shownColumns } from "./alarm-columns";
import {
  APPLY_STORED_VIEW_SCRIPT,
  COLUMN_IDS,
  DEFAULT_VIEW,
  DENSITY_ATTRIBUTE,
  HIDDEN_ATTRIBUTE,
  OVERVIEW_ATTRIBUTE,
  STORAGE_KEY,
  applyViewToDocument,
  parseViewPreferences,
} from "./view-preferences";

/** Just enough of an element for the attribute calls. */
function fakeRoot() {
  const attributes = new Map<string, string>();
  return {
    attributes,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  };
}

/** Runs the inline script against a stored value, as the browser would before the first paint. */
function runScript(raw: string | null): Map<string, string> {
  const root = fakeRoot();
  const localStorage = { getItem: (key: string) => (key === STORAGE_KEY ? raw : null) };
  new Function("localStorage", "document", APPLY_STORED_VIEW_SCRIPT)(localStorage, {
    documentElement: root,
  });
  return root.attributes;
}

function applied(raw: string | null): Map<string, string> {
  const root = fakeRoot();
  applyViewToDocument(parseViewPreferences(raw), root as unknown as Element);
  return root.attributes;
}

describe("view preferences", () => {
  it("name the table's columns in the table's default order", () => {
    expect(alarmColumns.map((column) => column.id)).toEqual([...COLUMN_IDS]);
  });

  it("are the defaults when nothing or nothing readable is stored", () => {
    for (const raw of [null, "", "{", "null", "42", '"compact"']) {
      expect(parseViewPreferences(raw), String(raw)).toEqual(DEFAULT_VIEW);
    }
  });

  it("keep what was stored, without unknown columns, and never hide the rule", () => {
    const view = parseViewPreferences(
      JSON.stringify({
        columnVisibility: { sources: false, events: true, rule: false, gone: false },
        columnOrder: ["events", "gone", "rule", "events", "priority"],
        density: "compact",
      }),
    );
    expect(view.columnVisibility).toEqual({ sources: false });
    expect(view.density).toBe("compact");
    // Stored ones first as stored (unknown and repeated dropped), the rest in their default
    // places relative to them.
    expect(view.columnOrder).toEqual([
      "events",
      "owner",
      "rule",
      "sources",
      "destinations",
      "users",
      "occurred",
      "age",
      "priority",
      "status",
    ]);
    expect(new Set(view.columnOrder)).toEqual(new Set(COLUMN_IDS));
  });

  it("place a column new to this browser after its default predecessor", () => {
    const stored = COLUMN_IDS.filter((id) => id !== "destinations").reverse();
    const order = parseViewPreferences(JSON.stringify({ columnOrder: stored })).columnOrder;
    expect(order.indexOf("destinations")).toBe(order.indexOf("sources") + 1);
  });

  it("show the table's columns in the analyst's order, without the hidden ones", () => {
    const view = parseViewPreferences(
      JSON.stringify({
        columnVisibility: { sources: false, users: false },
        columnOrder: [
          "events",
          "rule",
          "priority",
          "status",
          "sources",
          "destinations",
          "users",
          "occurred",
        ],
      }),
    );
    // Owner and Age, new to what was stored, after their default predecessors (Events, Occurred).
    const shown = [
      ...["events", "owner", "rule", "priority", "status", "destinations", "occurred", "age"],
    ];
    expect(shownColumns(view).map((column) => column.id)).toEqual(shown);
    expect(shownColumns(DEFAULT_VIEW).map((column) => column.id)).toEqual([...COLUMN_IDS]);
  });

  it("fall back to comfortable for an unknown density", () => {
    expect(parseViewPreferences('{"density":"cosy"}').density).toBe("comfortable");
  });

  it("are applied to <html> the same way by the inline script and by the page", () => {
    const cases = [
      null,
      "not json",
      "[]",
      JSON.stringify({ density: "compact" }),
      JSON.stringify({ density: "cosy", columnVisibility: { events: false, priority: false } }),
      JSON.stringify({ columnVisibility: { rule: false, sources: "no", destinations: false } }),
      JSON.stringify({ columnVisibility: null, density: "comfortable" }),
      JSON.stringify({ overview: "folded" }),
      JSON.stringify({ overview: "hidden", density: "compact" }),
    ];
    for (const raw of cases) expect(runScript(raw), String(raw)).toEqual(applied(raw));
    // And the cases are not all trivially empty.
    expect(runScript(cases[4]!).get(HIDDEN_ATTRIBUTE)).toBe("priority events");
    expect(runScript(cases[3]!).get(DENSITY_ATTRIBUTE)).toBe("compact");
    expect(runScript(cases[7]!).get(OVERVIEW_ATTRIBUTE)).toBe("folded");
    expect(runScript(cases[8]!).has(OVERVIEW_ATTRIBUTE)).toBe(false);
  });

  it("the inline script survives a storage that throws (blocked cookies)", () => {
    const root = fakeRoot();
    const localStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(() =>
      new Function("localStorage", "document", APPLY_STORED_VIEW_SCRIPT)(localStorage, {
        documentElement: root,
      }),
    ).not.toThrow();
    expect(root.attributes.size).toBe(0);
  });
});
