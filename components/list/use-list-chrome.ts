"use client";
// Every list keeps the problems its link had, names itself in the tab's title, and opens a row's
// alarm on a click anywhere on it.

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { formatCount } from "@/lib/shared/alarms/format";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { listTitle } from "@/lib/shared/alarms/titles";

/**
 * The problems a link had, kept until dismissed: the corrected URL has none left to show, but the
 * analyst should still learn what was left out.
 */
export function useLastProblems<P>(problems: readonly P[]): [readonly P[], () => void] {
  const problemsKey = JSON.stringify(problems);
  const [notice, setNotice] = useState(problems);
  const [noticed, setNoticed] = useState(problemsKey);
  if (problems.length > 0 && noticed !== problemsKey) {
    setNoticed(problemsKey);
    setNotice(problems);
  }
  return [notice, () => setNotice([])];
}

/**
 * The tab's title: the view of `named` (a deployment, or all of them) and its `total` once read,
 * led by how many alarms arrived since (a tab in the background still tells).
 */
export function useListTitle(
  query: AlarmListQuery,
  total: number | undefined,
  named: { name: string },
  arrived: number,
): void {
  useEffect(() => {
    const title = listTitle(query, total, named);
    document.title = arrived > 0 ? `(${formatCount(arrived)}) ${title}` : title;
  }, [query, total, named, arrived]);
}

/** A click anywhere on a row opens its alarm, as its link would (a new tab with Ctrl or ⌘). */
export function useRowOpener(): (event: React.MouseEvent<HTMLElement>, href: string) => void {
  const router = useRouter();
  return (event, href) => {
    const target = event.target as HTMLElement;
    // Links and buttons inside the row do their own thing; selecting text is not a click.
    if (target.closest("a, button, input, select, summary")) return;
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey || event.button === 1) {
      window.open(href, "_blank", "noopener");
      return;
    }
    router.push(href);
  };
}
