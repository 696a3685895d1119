import { VERDICTS } from "@/lib/shared/triage/types";
import { describe, expect, it } from "vitest";
import { FILTER_NAMES } from "@/lib/shared/alarms/filter-names";
import { GROUP_NAMES } from "@/lib/shared/alarms/group-names";
import { GROUP_FIELDS } from "@/lib/shared/alarms/groups";
import {
  FILTER_NAMES_OF_FIELDS,
  SEARCH_ALIASES,
  SEARCH_FIELDS,
  resolveSearchField,
} from "@/lib/shared/search/fields";
import { parseSearch } from "@/lib/server/search/query-language/parse";

// The field table the `?` panel shows is the one the parser enforces: each example it offers
// reads, and each alias leads to a field the parser knows.

describe("the search fields", () => {
  it("give the URL's filters the names the URL contract reads them by, one vocabulary", () => {
    expect([...FILTER_NAMES].sort()).toEqual([...FILTER_NAMES_OF_FIELDS].sort());
  });

  it("give groups every name a search takes for their fields, one vocabulary", () => {
    const names = [...SEARCH_FIELDS.map((f) => f.name), ...SEARCH_ALIASES.map((a) => a.alias)];
    const resolved = names.flatMap((name) => {
      const found = resolveSearchField(name);
      if (found?.kind !== "field") return [];
      if (!(GROUP_FIELDS as readonly string[]).includes(found.field.name)) return [];
      return [[name, [found.field.name, found.side !== found.field.side]] as const];
    });
    expect([...GROUP_NAMES].sort()).toEqual(resolved.sort());
  });

  it("offer the verdicts the team closes with", () => {
    const verdict = SEARCH_FIELDS.find((field) => field.name === "verdict");
    expect(verdict?.values).toEqual(VERDICTS);
  });

  it("name at least the fields the issue asks for", () => {
    expect(SEARCH_FIELDS.map((field) => field.name)).toEqual([
      "ip",
      "src_ip",
      "dst_ip",
      "host",
      "user",
      "status",
      "priority",
      "strategy",
      "method",
      "intent",
      "technique",
      "tactic",
      "sensor",
      "label",
      "owner",
      "acknowledged",
      "closed",
      "verdict",
      "closed_by",
      "closed_at",
      "note",
      "has",
      "uuid",
    ]);
  });

  it.each(SEARCH_FIELDS.map((field) => [field.name, field.example]))(
    "%s: its example reads",
    (_, example) => {
      expect(parseSearch(example)).toMatchObject({ ok: true });
    },
  );

  it.each(SEARCH_ALIASES.map((alias) => [alias.alias, alias]))("%s resolves", (name, alias) => {
    const resolved = resolveSearchField(name.toUpperCase());
    if (alias.field === null) {
      expect(resolved).toEqual({ kind: "text" });
    } else {
      expect(resolved).toMatchObject({ kind: "field", field: { name: alias.field } });
    }
  });

  it("reads an alias's side into the tree", () => {
    expect(parseSearch("destination_username:bob OR source_name:web-01")).toMatchObject({
      ok: true,
      query: {
        children: [
          { field: "user", side: "dst", value: "bob" },
          { field: "host", side: "src", value: "web-01" },
        ],
      },
    });
  });

  it("knows no other names, and no alias shadows a field", () => {
    expect(resolveSearchField("password")).toBeNull();
    const names = new Set<string>(SEARCH_FIELDS.map((field) => field.name));
    expect(SEARCH_ALIASES.filter((alias) => names.has(alias.alias))).toEqual([]);
  });
});
