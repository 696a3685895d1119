"use client";
// What the search box offers for the term at the caret: field names as one starts a word, the
// index's values as one types a field's value (asked of the server a moment after typing stops).
// The field table comes with the box's first opening (./field-table.ts): a list is usable
// without it, and its first load is lighter by it.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { suggestionsQueryOptions } from "@/lib/shared/queries/query-options";
import { termAt, type TypedTerm } from "@/lib/shared/search/typing";

type FieldTable = typeof import("./field-table");

let loadedTable: FieldTable | null = null;
let loadingTable: Promise<FieldTable> | null = null;

/** The field table, fetched once per page when first wanted. */
function loadTable(): Promise<FieldTable> {
  return (loadingTable ??= import("./field-table").then((table) => (loadedTable = table)));
}

/** The field table once the box has been opened (null until it is there). */
function useFieldTable(open: boolean): FieldTable | null {
  const [table, setTable] = useState<FieldTable | null>(loadedTable);
  useEffect(() => {
    if (!open || table) return;
    let live = true;
    void loadTable().then((loaded) => {
      if (live) setTable(loaded);
    });
    return () => {
      live = false;
    };
  }, [open, table]);
  return table;
}

export type SearchOption = { field: string; hint: string } | { value: string; hint?: undefined };

const NAMES_SHOWN = 6;
const WAIT_MS = 150;

function describe(table: FieldTable, name: string): string {
  const own = table.SEARCH_FIELDS.find((field) => field.name === name);
  if (own) return own.description;
  const alias = table.SEARCH_ALIASES.find((entry) => entry.alias === name);
  return alias?.field ? `Same as ${alias.field}` : "Searched as text";
}

type Request = { field: string | null; prefix: string } | null;

/** What the server is asked for the term: a field's value with a typed prefix, else nothing. */
function requestFor(table: FieldTable | null, term: TypedTerm | null): Request {
  if (!table || !term || term.field === null || term.value.trim() === "") return null;
  const resolved = table.resolveSearchField(term.field);
  if (resolved?.kind !== "field" || resolved.field.values) return null; // closed sets are known
  return { field: term.field, prefix: term.value };
}

/** `request`, once it has stayed the same for a moment. */
function useSettled(request: Request): Request {
  const [settled, setSettled] = useState(request);
  const key = JSON.stringify(request);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as Request), WAIT_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

export function useSearchSuggestions(
  scope: string,
  deployments: readonly string[] | undefined,
  draft: string,
  caret: number,
  open: boolean,
): { term: TypedTerm | null; options: SearchOption[] } {
  const table = useFieldTable(open);
  const term = useMemo(() => (open ? termAt(draft, caret) : null), [open, draft, caret]);
  const settled = useSettled(requestFor(table, term));
  const { data } = useQuery({
    ...suggestionsQueryOptions(scope, { ...(settled ?? { field: null, prefix: "" }), deployments }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });

  const options = useMemo((): SearchOption[] => {
    if (!term || !table) return [];
    if (term.field === null) {
      return table.fieldNameSuggestions(term.value, NAMES_SHOWN).map((name) => ({
        field: name,
        hint: describe(table, name),
      }));
    }
    const resolved = table.resolveSearchField(term.field);
    if (resolved?.kind !== "field") return [];
    const typed = term.value.toLowerCase();
    const known = resolved.field.values;
    const values = known ?? (data?.field === term.field ? data.values : []);
    // An answer for an earlier prefix is kept while the next one comes, narrowed to what fits.
    return values
      .filter((value) => {
        const lower = value.toLowerCase();
        return lower.startsWith(typed) || lower.includes(` ${typed}`);
      })
      .map((value) => ({ value }));
  }, [term, data, table]);

  return { term, options };
}
