// The alarms of the groups an analyst ticked on a grouped list, as a view the bulk actions take
// (POST …/alarms/triage, frozen and counted there): the list's view, ungrouped, narrowed to them.
// A group is found exactly as its link finds it (groupTerm): the ticked ones are ORed, then ANDed
// with the view's own search; the deployments' groups narrow the deployments named instead.
// Browser-safe.

import { type GroupField, groupTerm, narrowSearch } from "./groups";
import type { ListView } from "./view";

/**
 * The view of every alarm in any of the groups of `field` whose values are `values`, or null when
 * it cannot be said (none ticked, or a value no search finds exactly: such a group offers no box).
 */
export function chosenGroupsView(
  view: ListView,
  field: GroupField,
  values: readonly (string | null)[],
): ListView | null {
  if (values.length === 0) return null;
  const { group: _group, groupSort: _sort, ...rows } = view;
  const query = { ...view.query, page: 0 };
  if (field === "deployment") {
    if (values.some((value) => value === null)) return null;
    return { ...rows, query, deployments: values as string[], cursor: null };
  }
  const terms = values.map((value) => groupTerm(field, value));
  if (terms.some((term) => term === null)) return null;
  // Each group's term whole (a technique's is two terms) before they are ORed.
  const either =
    terms.length === 1 ? terms[0]! : `(${terms.map((term) => `(${term})`).join(" OR ")})`;
  return { ...rows, query: { ...query, q: narrowSearch(view.query.q, [either]) }, cursor: null };
}

/** Whether a group of `field` with `value` can be ticked (a search can find exactly its alarms). */
export const canChooseGroup = (field: GroupField, value: string | null): boolean =>
  field === "deployment" ? value !== null : groupTerm(field, value) !== null;
