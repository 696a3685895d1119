"use client";
// The bulk actions of a grouped list: on every alarm of the groups ticked, through the list's
// bulk bar on the view narrowed to them (lib/shared/alarms/chosen-groups.ts), which the server
// counts and freezes for the analyst to confirm, as it does a whole view.

import { chosenGroupsView } from "@/lib/shared/alarms/chosen-groups";
import { MULTI_VALUED, type GroupField } from "@/lib/shared/alarms/groups";
import { type ListView, viewApiSearch } from "@/lib/shared/alarms/view";
import { BulkBar } from "@/components/triage/lazy-bulk-bar";
import { useSelection } from "@/components/triage/selection";

export function GroupsBulkBar({
  deployment,
  view,
  field,
  teamOf,
}: {
  /** The list's path segment: a deployment's key, or the scope's for several or every one. */
  deployment: string;
  /** The grouped view. */
  view: ListView;
  /** The field of its top level, whose groups are ticked. */
  field: GroupField;
  teamOf: string;
}) {
  const selection = useSelection();
  const groups = [...(selection?.groups.values() ?? [])];
  const narrowed = chosenGroupsView(
    view,
    field,
    groups.map((group) => group.value),
  );
  // An alarm of several hosts counts in each of their groups: only the server's count is exact.
  const total = MULTI_VALUED.has(field)
    ? null
    : groups.reduce((sum, group) => sum + group.count, 0);
  return (
    <BulkBar
      deployment={deployment}
      view={narrowed ? viewApiSearch(narrowed) : ""}
      total={total}
      teamOf={teamOf}
      groups={groups.length}
    />
  );
}
