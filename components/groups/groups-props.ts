// What a table of a view's groups is given: shared by the table and its rows.

import type { AlarmGroupsPage, GroupField, GroupSort } from "@/lib/shared/alarms/groups";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";

export interface GroupsTableProps {
  /** The deployment whose groups these are, or "all" (the list of every deployment's). */
  deployment: string;
  /** With "all": the deployments the queue names (none: every one the analyst may see). */
  deployments?: readonly string[];
  /** The view grouped (its page and size page the top level). */
  query: AlarmListQuery;
  fields: readonly GroupField[];
  page: AlarmGroupsPage;
  busy: boolean;
  /**
   * The view searching for `terms` too: its alarms (a group's rows), or grouped by `group` (a
   * group's subgroups, all of them); in `deployment`'s own list where a deployment's group is on
   * the way (the list of every deployment's).
   */
  viewHref: (terms: string[], group?: GroupField[], deployment?: string) => string;
  /** The groups' order, and how to change it (the headers sort when it is given). */
  sort?: GroupSort;
  onSort?: (sort: GroupSort) => void;
}
