"use client";
// The header's deployment switcher: the current deployment, and a menu (`d`) to go to another.

import { usePathname } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { hasModifier, isTyping } from "@/components/keyboard";
import { lazyComponent } from "@/components/lazy";
import { NavLink } from "@/components/nav-link";
import { useDismiss } from "@/components/ui/use-dismiss";
import { detailPathParts, listPath, listPathDeployment } from "@/lib/shared/alarms/paths";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import { useDeployments } from "./deployment-context";
import { Badge, KindBadge } from "./kind-badge";
import type { Landing } from "./switcher-menu-panel";

// The header sits above every deployment's layout, so the current deployment comes from the
// path, not from useDeployment(). The open menu is in no page's first load: it is fetched when the
// pointer comes over the button or focus reaches it, or by the first `d` (focus then lands in it
// as soon as it is there).
const SwitcherMenuPanel = lazyComponent(() =>
  import("./switcher-menu-panel").then((m) => m.SwitcherMenuPanel),
);

/** The deployment whose list or alarm `pathname` shows ("all": the list of every deployment), or null. */
function pathDeployment(pathname: string): string | null {
  return listPathDeployment(pathname) ?? detailPathParts(pathname)?.deployment ?? null;
}

/**
 * The current deployment (its name and kind; "All deployments" on the overview) and, with two or
 * more visible, a menu to go to another: the overview, each deployment's list (the view's filters
 * carried over, see switchHref) and the list of every deployment. `d` opens it. With one deployment it is a
 * plain link to that deployment's list; outside the signed-in pages it is nothing.
 */
export function DeploymentSwitcher() {
  const deployments = useDeployments();
  const pathname = usePathname();
  const [only] = deployments;
  if (!only) return null;
  if (deployments.length === 1) {
    return (
      <NavLink href={listPath(only.key)} className="flex min-w-0 items-center gap-2">
        <span className="truncate">{only.name}</span>
        <KindBadge tone="header" kind={only.kind} className="max-sm:sr-only" />
      </NavLink>
    );
  }
  return (
    <SwitcherMenu
      deployments={deployments}
      pathname={pathname}
      currentKey={pathDeployment(pathname)}
    />
  );
}

function SwitcherMenu({
  deployments,
  pathname,
  currentKey,
}: {
  deployments: readonly DeploymentInfo[];
  pathname: string;
  currentKey: string | null;
}) {
  // Open on the page it was opened on: a navigation (an item, back/forward) closes it.
  const [opened, setOpened] = useState<{ at: string; landing: Landing } | null>(null);
  if (opened !== null && opened.at !== pathname) setOpened(null);
  const open = opened !== null && opened.at === pathname;
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = deployments.find((deployment) => deployment.key === currentKey);

  const show = useCallback((landing: Landing) => setOpened({ at: pathname, landing }), [pathname]);
  const close = useCallback((byKey: boolean) => {
    setOpened(null);
    if (byKey) button.current?.focus();
  }, []);
  const closeMenu = useCallback(() => setOpened(null), []);
  useDismiss(open, root, close);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "d" || event.defaultPrevented) return;
      if (hasModifier(event) || isTyping(event.target)) return;
      if (document.querySelector("dialog[open]")) return; // the help is open above the page
      event.preventDefault();
      show("current");
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [show]);

  return (
    <div ref={root} className="flex min-w-0 sm:relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-keyshortcuts="d"
        onPointerEnter={SwitcherMenuPanel.preload}
        onFocus={SwitcherMenuPanel.preload}
        onClick={() => (open ? setOpened(null) : show("current"))}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          event.preventDefault();
          show(event.key === "ArrowDown" ? "first" : "last");
        }}
        className={`flex min-w-0 items-center gap-2 rounded px-2 py-1 hover:bg-slate-800 hover:text-white ${
          open ? "bg-slate-800 text-white" : "text-slate-200"
        }`}
      >
        {current ? (
          <>
            <span className="sr-only">Deployment: </span>
            <span className="truncate">{current.name}</span>
            <KindBadge tone="header" kind={current.kind} className="max-sm:sr-only" />
          </>
        ) : (
          <>
            <span className="truncate">All deployments</span>
            {currentKey !== null && isEverySegment(currentKey) ? (
              <Badge tone="header">One queue</Badge>
            ) : null}
          </>
        )}
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-3.5 w-3.5 shrink-0"
          fill="currentColor"
        >
          <path d="M4.2 6.2a.75.75 0 0 1 1.06 0L8 8.94l2.74-2.74a.75.75 0 1 1 1.06 1.06L8.53 10.53a.75.75 0 0 1-1.06 0L4.2 7.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </button>
      {opened !== null && open ? (
        <SwitcherMenuPanel
          id={menuId}
          opened={opened}
          deployments={deployments}
          pathname={pathname}
          currentKey={currentKey}
          onClose={closeMenu}
        />
      ) : null}
    </div>
  );
}
