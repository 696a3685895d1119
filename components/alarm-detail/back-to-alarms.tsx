"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { listPathDeployment } from "@/lib/shared/alarms/paths";
import { parseView, viewHref } from "@/lib/shared/alarms/view";
import { scopeOfSegment } from "@/lib/shared/deployments/scope";
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
  const segment = listPathDeployment(url.pathname);
  const scope = segment === null ? null : scopeOfSegment(segment);
  if (url.origin !== window.location.origin || scope === null) return false;
  // The list (a deployment's, or that of several or every deployment) in its canonical form.
  return viewHref(scope, parseView(url.searchParams, scope.kind).view) === href;
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
