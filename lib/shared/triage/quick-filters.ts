// The list's quick filters of the team's triage ("Open for the team", "Mine", "Unowned", "Not
// acknowledged"; open for the team means not closed by it, whatever USM's status says): each is
// a term of the search, added to or taken from `q` as a whole word, so the link says what the
// list shows and the search box shows it too. Client-safe.

export const QUICK_FILTERS = [
  { id: "open", label: "Open for the team", term: "closed:false", excludes: ["closed:true"] },
  { id: "mine", label: "Mine", term: "owner:me", excludes: ["owner:none"] },
  { id: "unowned", label: "Unowned", term: "owner:none", excludes: ["owner:me"] },
  { id: "unacknowledged", label: "Not acknowledged", term: "acknowledged:false", excludes: [] },
] as const;

export type QuickFilter = (typeof QUICK_FILTERS)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const termPattern = (term: string) => new RegExp(`(^|\\s)${escape(term)}(?=\\s|$)`, "i");

/** Whether `q` has the term at its top level (a bare word of the search, not inside a group). */
export function hasTerm(q: string | undefined, term: string): boolean {
  return q !== undefined && termPattern(term).test(q);
}

function without(q: string, term: string): string {
  return q.replace(termPattern(term), "$1").replace(/\s+/g, " ").trim();
}

/** `q` with the quick filter turned on or off (undefined: no search left). */
export function toggleQuickFilter(q: string | undefined, filter: QuickFilter): string | undefined {
  let next = q ?? "";
  if (hasTerm(next, filter.term)) {
    next = without(next, filter.term);
  } else {
    for (const other of filter.excludes) next = without(next, other);
    next = `${next} ${filter.term}`.trim();
  }
  return next === "" ? undefined : next;
}
