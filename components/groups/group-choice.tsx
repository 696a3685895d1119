"use client";
// A grouped list's boxes while the analyst selects ("Select"): one per top-level group a search
// can find exactly, for a bulk action on the alarms of the groups ticked
// (lib/shared/alarms/chosen-groups.ts; the bar: components/groups/groups-bulk-bar.tsx).

import { canChooseGroup } from "@/lib/shared/alarms/chosen-groups";
import type { AlarmGroup, GroupField } from "@/lib/shared/alarms/groups";
import { useSelection } from "@/components/triage/selection";

/** The selection, while the analyst selects (null otherwise: no boxes, no column). */
export function useGroupSelection() {
  const selection = useSelection();
  return selection?.selecting ? selection : null;
}

/** The boxes' column header (a cell for the column only: the boxes are named each). */
export function GroupChoiceHeader() {
  return useGroupSelection() ? (
    <th scope="col" className="w-8 px-2 py-1.5">
      <span className="sr-only">Chosen</span>
    </th>
  ) : null;
}

/** A group's box (at the top level; below it, an empty cell). */
export function GroupChoiceCell({
  field,
  group,
  label,
  top,
}: {
  field: GroupField;
  group: AlarmGroup;
  label: string;
  top: boolean;
}) {
  const selection = useGroupSelection();
  if (!selection) return null;
  const value = group.values[0] ?? null;
  return (
    <td className="w-8 px-2 py-1.5">
      {top && canChooseGroup(field, value) ? (
        <input
          type="checkbox"
          aria-label={`Choose the group ${label}`}
          checked={selection.isGroupChosen({ value })}
          onChange={() => selection.toggleGroup({ value, count: group.count })}
          data-choose-group
        />
      ) : null}
    </td>
  );
}

/** The boxes' cell in a row that is no group (a note under one). */
export function GroupChoiceBlank() {
  return useGroupSelection() ? <td className="w-8" /> : null;
}
