// Each column's name and width, read by the table, its chooser and the server-rendered skeleton.

import type { ColumnId } from "./view-preferences";

/** The column that names each row's deployment: lists of several deployments only. */
export const DEPLOYMENT_COLUMN = "deployment";
export type LayoutColumnId = ColumnId | typeof DEPLOYMENT_COLUMN;

export interface ColumnLayout {
  label: string;
  /**
   * Classes for th and td: width, alignment, hiding on narrow screens. The table's layout is
   * fixed: every column but the rule has a width, and the rule takes what is left, so the table
   * fits its box at every width from md up (1024 px included) instead of overflowing. Compact
   * rows are one line: the time then needs its whole width below xl too, the status room for the
   * suppressed marker beside it, and below xl the endpoints give some of theirs (their address
   * goes). `compact:` wins over a breakpoint (it comes later), so `compact:xl:` says xl's width.
   */
  className: string;
  /** The skeleton's placeholder bar. */
  bar: string;
}

export const COLUMN_LAYOUT: Record<LayoutColumnId, ColumnLayout> = {
  deployment: { label: "Deployment", className: "w-24", bar: "w-[70%]" },
  priority: { label: "Priority", className: "w-[6.5rem]", bar: "w-[70%]" },
  // USM's status, named so that nobody takes it for the team's state (the Team column).
  // Compact: the status and the suppressed marker side by side.
  status: { label: "USM status", className: "w-24 compact:w-[7.5rem]", bar: "w-[60%]" },
  rule: { label: "Rule", className: "", bar: "w-[85%]" },
  sources: {
    label: "Sources",
    className: "w-36 compact:w-32 lg:w-32 xl:w-40 2xl:w-48 compact:xl:w-40 compact:2xl:w-48",
    bar: "w-[65%]",
  },
  destinations: {
    label: "Destinations",
    className:
      "hidden w-40 compact:w-32 lg:table-cell lg:w-32 xl:w-40 2xl:w-48 compact:xl:w-40 compact:2xl:w-48",
    bar: "w-[65%]",
  },
  // Only where there is room for it (from xl): the sources and destinations need it more.
  users: { label: "User", className: "hidden w-28 xl:table-cell", bar: "w-[60%]" },
  occurred: {
    label: "Occurred",
    className: "w-28 compact:w-48 xl:w-48 2xl:w-52",
    bar: "w-[80%]",
  },
  // "3 h", the exact time in its title: from xl, as the user (below it the Occurred column says
  // the time, and its header sorts the same).
  age: { label: "Age", className: "hidden w-16 xl:table-cell", bar: "w-[60%]" },
  events: { label: "Events", className: "w-16 text-right", bar: "w-[40%]" },
  // The team's state (open, or closed with its verdict) and triage (who has the alarm,
  // acknowledged, notes), last: from lg (1024 px), where the endpoints give it some of their room
  // until 2xl; a card's first line says it on a phone. Its id stays "owner" so that stored
  // layouts keep their choice.
  owner: { label: "Team", className: "hidden w-24 lg:table-cell xl:w-28", bar: "w-[60%]" },
};
