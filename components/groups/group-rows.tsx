"use client";
// The groups table's rows: a group's value opens its alarms (the list searching for its values,
// in the URL); a group of a view grouped by several fields expands in place into the next
// field's groups, read when opened.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { STATUS_NAME, countOf, formatCount } from "@/lib/shared/alarms/format";
import {
  GROUP_FIELD_TITLE,
  groupTerm,
  narrowSearch,
  type AlarmGroup,
} from "@/lib/shared/alarms/groups";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { STATUS_FILTERS } from "@/lib/shared/alarms/query";
import { asApiError, groupsQueryOptions } from "@/lib/shared/queries/query-options";
import { PriorityBadge } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import { GroupChoiceBlank, GroupChoiceCell } from "./group-choice";
import type { GroupsTableProps } from "./groups-props";

/** A group's place: the terms of its own value and its parents' (null: no search can say it). */
type Terms = (string | null)[];

const NESTED_SIZE = 10 as const;

/** Where a row sits: its depth, its parents' terms, the deployment a parent's group chose. */
interface Place {
  depth: number;
  parents: Terms;
  into?: string;
}

export function GroupRows({
  groups,
  most,
  ...props
}: GroupsTableProps & Place & { groups: AlarmGroup[]; most: number }) {
  return groups.map((group) => (
    <GroupRow key={JSON.stringify(group.values)} {...props} group={group} most={most} />
  ));
}

function GroupRow({
  group,
  depth,
  parents,
  into,
  most,
  ...props
}: GroupsTableProps & Place & { group: AlarmGroup; most: number }) {
  const { fields, viewHref } = props;
  const field = fields[depth]!;
  const value = group.values[0] ?? null;
  // A deployment is no search term: its group leads into that deployment's own list.
  const terms: Terms = [...parents, field === "deployment" ? "" : groupTerm(field, value)];
  const deployment = field === "deployment" ? (value ?? undefined) : into;
  const [open, setOpen] = useState(false);
  const path = searchable(terms);
  // Within a group no search can name, the next field's groups could not be told apart.
  const deeper = depth + 1 < fields.length && path !== null;
  const href = path ? viewHref(path, undefined, deployment) : null;
  const label = group.labels[0] ?? null;
  const shown =
    label === null ? (
      <span className="italic text-slate-500 dark:text-slate-400">(none)</span>
    ) : (
      label
    );
  return (
    <>
      <tr
        className="border-b border-slate-100 align-middle last:border-b-0 dark:border-slate-800"
        data-group-value={value ?? ""}
        data-depth={depth}
      >
        <GroupChoiceCell field={field} group={group} label={label ?? "(none)"} top={depth === 0} />
        <td className="px-2 py-1.5">
          <div
            className="flex min-w-0 items-center gap-1.5"
            style={{ paddingLeft: `${depth * 1.25}rem` }}
          >
            {deeper ? (
              <button
                type="button"
                aria-expanded={open}
                aria-label={`${open ? "Hide" : "Show"} ${GROUP_FIELD_TITLE[fields[depth + 1]!]} groups of ${label ?? "(none)"}`}
                onClick={() => setOpen((was) => !was)}
                className="grid size-6 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
              >
                <span
                  aria-hidden="true"
                  className={`transition-transform ${open ? "rotate-90" : ""}`}
                >
                  ▸
                </span>
              </button>
            ) : fields.length > 1 ? (
              <span className="size-6 shrink-0" aria-hidden="true" />
            ) : null}
            {href ? (
              <Link
                href={href}
                className="min-w-0 truncate font-medium text-blue-700 hover:underline dark:text-blue-300"
                title={`Show the ${countOf(group.count, "alarm")} of ${label ?? "(none)"}`}
              >
                {shown}
              </Link>
            ) : (
              <span className="min-w-0 truncate" title="No search finds exactly this value">
                {shown}
              </span>
            )}
          </div>
        </td>
        <td className="px-2 py-1.5 text-right">
          <div className="flex flex-col items-end gap-0.5">
            <span className="font-mono tabular-nums">{formatCount(group.count)}</span>
            <span
              aria-hidden="true"
              className="h-1 rounded-full bg-blue-500/70 dark:bg-blue-400/70"
              style={{ width: `${Math.max(4, (group.count / most) * 100)}%` }}
            />
          </div>
        </td>
        <td className="hidden px-2 py-1.5 md:table-cell">
          <PriorityBadge priority={group.priority} label={group.priorityLabel} />
        </td>
        <td className="hidden px-2 py-1.5 text-xs lg:table-cell">
          <StatusSplit group={group} />
        </td>
        <td className="hidden px-2 py-1.5 text-xs whitespace-nowrap xl:table-cell">
          <TimeText ms={group.first} />
        </td>
        <td className="hidden px-2 py-1.5 text-xs whitespace-nowrap sm:table-cell">
          <TimeText ms={group.last} />
        </td>
      </tr>
      {open && deeper ? (
        <NestedGroups {...props} depth={depth + 1} path={path} into={deployment} group={group} />
      ) : null}
    </>
  );
}

/** The terms of a group's path, when a search can say every one of them ("" adds nothing). */
function searchable(terms: Terms): string[] | null {
  if (terms.some((term) => term === null)) return null;
  return (terms as string[]).filter((term) => term !== "");
}

function StatusSplit({ group }: { group: AlarmGroup }) {
  const parts = [
    ...STATUS_FILTERS.map((status) => [STATUS_NAME[status], group.statuses[status]] as const),
  ].filter(([, n]) => n > 0);
  return (
    <span className="flex flex-wrap gap-x-2 text-slate-700 dark:text-slate-300">
      {parts.map(([name, n]) => (
        <span key={name} className="whitespace-nowrap">
          <span className="font-mono tabular-nums">{formatCount(n)}</span> {name.toLowerCase()}
        </span>
      ))}
    </span>
  );
}

/** The next field's groups within one group, read when it is opened. */
function NestedGroups({
  depth,
  path,
  into,
  group,
  ...props
}: GroupsTableProps & { depth: number; path: string[]; into?: string; group: AlarmGroup }) {
  const { query, fields, viewHref } = props;
  // Within a deployment's group, that deployment's groups.
  const deployment = into ?? props.deployment;
  const deployments = into ? [] : (props.deployments ?? []);
  const [size, setSize] = useState<AlarmListQuery["size"]>(NESTED_SIZE);
  const within: AlarmListQuery = { ...query, page: 0, size, q: narrowSearch(query.q, path) };
  const result = useQuery({
    ...groupsQueryOptions(deployment, within, [fields[depth]!], deployments, props.sort),
    placeholderData: keepPreviousData,
  });
  if (result.isError) {
    return (
      <NoteRow className="px-2 py-1.5 text-xs text-red-700 dark:text-red-300">
        {asApiError(result.error).message}
      </NoteRow>
    );
  }
  if (!result.data) {
    return (
      <NoteRow className="px-2 py-1.5 text-xs text-slate-500" indent={depth * 1.25 + 0.5}>
        Loading {GROUP_FIELD_TITLE[fields[depth]!].toLowerCase()} groups…
      </NoteRow>
    );
  }
  const data = result.data;
  // Bars within a group measure against the group itself.
  const most = Math.max(1, group.count);
  const more = data.page.totalElements - data.groups.length;
  return (
    <>
      <GroupRows
        {...props}
        groups={data.groups}
        depth={depth}
        parents={path}
        into={into}
        most={most}
      />
      {more > 0 ? (
        <NoteRow className="px-2 py-1" indent={depth * 1.25 + 2.25}>
          {size < 100 ? (
            <button
              type="button"
              onClick={() => setSize(size < 50 ? 50 : 100)}
              className="text-xs text-blue-700 hover:underline dark:text-blue-300"
            >
              Show more ({formatCount(more)} more in {group.labels[0] ?? "(none)"})
            </button>
          ) : (
            <Link
              href={viewHref(path, fields.slice(depth), into)}
              className="text-xs text-blue-700 hover:underline dark:text-blue-300"
            >
              All {countOf(data.page.totalElements, "group")} of {group.labels[0] ?? "(none)"}
            </Link>
          )}
        </NoteRow>
      ) : null}
    </>
  );
}

/**
 * A row that says something of a group (loading, an error, more to show) across the value and
 * the count, with the other cells as the header shows them: a cell spanning every column made
 * the fixed layout give the hidden ones room on a phone.
 */
function NoteRow({
  className,
  indent,
  children,
}: {
  className: string;
  indent?: number;
  children: React.ReactNode;
}) {
  return (
    <tr>
      <GroupChoiceBlank />
      <td
        colSpan={2}
        className={className}
        style={indent === undefined ? undefined : { paddingLeft: `${indent}rem` }}
      >
        {children}
      </td>
      <td className="hidden md:table-cell" />
      <td className="hidden lg:table-cell" />
      <td className="hidden xl:table-cell" />
      <td className="hidden sm:table-cell" />
    </tr>
  );
}
