"use client";
// A view's groups instead of its rows: one row per value (or combination) with its count, the
// highest priority, first and last occurrence and the split by status (./group-rows.tsx). The
// headers order the groups. Only a grouped view loads this code (the lists load it lazily).

import { useHydrated } from "@/components/use-hydrated";
import { countOf } from "@/lib/shared/alarms/format";
import {
  GROUP_FIELD_TITLE,
  MULTI_VALUED,
  type GroupField,
  type GroupSort,
} from "@/lib/shared/alarms/groups";
import { GroupChoiceHeader } from "./group-choice";
import { GroupRows } from "./group-rows";
import type { GroupsTableProps } from "./groups-props";

export type { GroupsTableProps };

export function GroupsTable(props: GroupsTableProps) {
  const { page, fields, busy } = props;
  // Rendered in the server's HTML, its code is fetched while the page hydrates: until it is there
  // a press (a group opened, an order chosen) would be lost, so the table says it is busy.
  const ready = useHydrated();
  const multi = fields.filter((field) => MULTI_VALUED.has(field));
  const most = Math.max(1, ...page.groups.map((group) => group.count));
  return (
    <div className="flex flex-col gap-2">
      {multi.length > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="multi-valued-note">
          An alarm with several {multi.map((field) => plural(field)).join(" or ")} counts once in
          each of their groups: the groups add up to more than the view&apos;s{" "}
          {countOf(page.alarms, "alarm")}.
        </p>
      ) : null}
      <div className="panel overflow-x-auto">
        <table
          aria-label={`Alarms grouped by ${fields.map((f) => GROUP_FIELD_TITLE[f]).join(", then ")}`}
          aria-busy={busy || !ready}
          className={`w-full table-fixed border-collapse text-left text-[13px] transition-opacity ${busy ? "opacity-60" : ""}`}
        >
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <GroupChoiceHeader />
              <th
                scope="col"
                className="px-2 py-1.5 font-semibold"
                aria-sort={ariaSorted(props, "value")}
              >
                <SortHeader {...props} by="value">
                  {GROUP_FIELD_TITLE[fields[0]!]}
                </SortHeader>
                {fields.length > 1 ? (
                  <span className="font-normal text-slate-500 dark:text-slate-400">
                    {" "}
                    ›{" "}
                    {fields
                      .slice(1)
                      .map((f) => GROUP_FIELD_TITLE[f])
                      .join(" › ")}
                  </span>
                ) : null}
              </th>
              <SortableTh
                {...props}
                by="count"
                className="w-24 px-2 py-1.5 text-right font-semibold sm:w-28"
              >
                Alarms
              </SortableTh>
              <SortableTh
                {...props}
                by="priority"
                className="hidden w-32 px-2 py-1.5 font-semibold md:table-cell"
              >
                Highest
              </SortableTh>
              <th scope="col" className="hidden w-72 px-2 py-1.5 font-semibold lg:table-cell">
                Status
              </th>
              <SortableTh
                {...props}
                by="first"
                className="hidden w-48 px-2 py-1.5 font-semibold xl:table-cell"
              >
                First
              </SortableTh>
              <SortableTh
                {...props}
                by="last"
                className="hidden w-48 px-2 py-1.5 font-semibold sm:table-cell"
              >
                Last
              </SortableTh>
            </tr>
          </thead>
          <tbody>
            <GroupRows {...props} groups={page.groups} depth={0} parents={[]} most={most} />
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** How each sort reads: the way its column is ordered. */
const SORT_WAY: Record<GroupSort, "ascending" | "descending"> = {
  count: "descending",
  priority: "descending",
  last: "descending",
  first: "ascending",
  value: "ascending",
};

function ariaSorted(
  { sort = "count" }: Pick<GroupsTableProps, "sort">,
  by: GroupSort,
): "ascending" | "descending" | undefined {
  return sort === by ? SORT_WAY[by] : undefined;
}

/** A column's header whose button orders the groups by it, saying so in aria-sort. */
function SortableTh({
  className,
  by,
  children,
  ...props
}: Pick<GroupsTableProps, "sort" | "onSort"> & {
  className: string;
  by: GroupSort;
  children: React.ReactNode;
}) {
  return (
    <th scope="col" className={className} aria-sort={ariaSorted(props, by)}>
      <SortHeader sort={props.sort} onSort={props.onSort} by={by}>
        {children}
      </SortHeader>
    </th>
  );
}

/** A header that orders the groups by its column, each its natural way; plain text without onSort. */
function SortHeader({
  sort = "count",
  onSort,
  by,
  children,
}: Pick<GroupsTableProps, "sort" | "onSort"> & { by: GroupSort; children: React.ReactNode }) {
  if (!onSort) return children;
  const on = sort === by;
  return (
    <button
      type="button"
      onClick={() => onSort(by)}
      className={`inline-flex items-center gap-0.5 rounded hover:text-slate-900 dark:hover:text-white ${on ? "text-slate-900 dark:text-white" : ""}`}
    >
      {children}
      <span aria-hidden="true" className={on ? "" : "text-slate-400"}>
        {on ? (SORT_WAY[by] === "descending" ? "▾" : "▴") : "↕"}
      </span>
    </button>
  );
}

function plural(field: GroupField): string {
  return {
    src_ip: "source addresses",
    dst_ip: "destination addresses",
    user: "users",
    host: "hosts",
  }[field as "src_ip"];
}
