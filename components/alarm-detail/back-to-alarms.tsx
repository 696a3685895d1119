"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { listHrefFrom } from "@/lib/alarms/url-state";
import { requestScrollRestore } from "@/components/alarms/scroll-memory";

interface NavigationEntry {
  url: string | null;
  index: number;
}
interface NavigationApi {
  currentEntry: NavigationEntry | null;
  entries(): NavigationEntry[];
}

/** Is the history entry before this one the very list view we would link to? */
function previousEntryIs(href: string): boolean {
  const navigation = (window as unknown as { navigation?: NavigationApi }).navigation;
  const index = navigation?.currentEntry?.index;
  if (!navigation || index === undefined || index < 1) return false;
  const previous = navigation.entries()[index - 1]?.url;
  if (!previous) return false;
  const url = new URL(previous);
  return (
    url.origin === window.location.origin &&
    url.pathname === "/alarms" &&
    listHrefFrom(url.search) === href
  );
}

/**
 * Back to the list exactly as it was. When the list is the previous history entry this is the
 * browser's back (page, sort, filters and scroll all restored); otherwise (a new tab, a shared
 * link) it is a real link to the list with the preserved parameters.
 */
export function BackToAlarms({ from }: { from: string | null }) {
  const router = useRouter();
  const href = listHrefFrom(from);
  return (
    <Link
      href={href}
      className="btn-secondary"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        if (previousEntryIs(href)) {
          event.preventDefault();
          router.back();
        } else {
          requestScrollRestore(href);
        }
      }}
    >
      <span aria-hidden="true">←</span> Back to alarms
    </Link>
  );
}
