"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { listPathDeployment } from "@/lib/shared/alarms/paths";
import { mergedHref, parseMergedView } from "@/lib/shared/alarms/merged-url";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import { listHref, parseListView } from "@/lib/shared/alarms/url-state";
import { requestScrollRestore } from "@/components/alarms/scroll-memory";
import { hasModifier, isOverlayOpen, isTyping } from "@/components/keyboard";

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
  const deployment = listPathDeployment(url.pathname);
  if (url.origin !== window.location.origin || deployment === null) return false;
  // The queue of every deployment, or one deployment's list, in its canonical form.
  return deployment === ALL_DEPLOYMENTS
    ? mergedHref(parseMergedView(url.searchParams).view) === href
    : listHref(deployment, parseListView(url.searchParams).view) === href;
}

type Router = ReturnType<typeof useRouter>;

/**
 * Back to the list exactly as it was. When the list is the previous history entry this is the
 * browser's back (page, sort, filters, scroll and the focused row all restored); otherwise (a
 * new tab, a shared link) it goes to the list with the preserved parameters.
 */
function backToList(router: Router, href: string): void {
  if (previousEntryIs(href)) router.back();
  else {
    requestScrollRestore(href);
    router.push(href);
  }
}

/** The "Back to alarms" link; Escape or Backspace (outside a text box) does the same. */
export function BackToAlarms({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasModifier(event)) return;
      if (isTyping(event.target)) return;
      if (event.key !== "Escape" && event.key !== "Backspace") return;
      if (isOverlayOpen()) return; // Escape closes those first
      event.preventDefault();
      backToList(router, href);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [router, href]);
  return (
    <Link
      href={href}
      className="btn-secondary"
      aria-keyshortcuts="Escape"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        backToList(router, href);
      }}
    >
      <span aria-hidden="true">←</span> Back to alarms
    </Link>
  );
}
