"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { hasModifier, isTyping } from "@/components/keyboard";
import { NavLink } from "@/components/nav-link";
import { useDismiss } from "@/components/ui/use-dismiss";
import {
  HOME_PATH,
  detailPathParts,
  listPath,
  listPathDeployment,
} from "@/lib/shared/alarms/paths";
import { switchHref } from "@/lib/shared/deployments/switch-href";
import {
  ALL_DEPLOYMENTS,
  type DeploymentInfo,
  type DeploymentKind,
  KIND_NAME,
} from "@/lib/shared/deployments/types";
import { useDeployments } from "./deployment-context";

// The header's deployment switcher. The header sits above every deployment's layout, so the
// current deployment comes from the path, not from useDeployment().

/** The deployment whose list or alarm `pathname` shows ("all": the merged queue), or null. */
function pathDeployment(pathname: string): string | null {
  return listPathDeployment(pathname) ?? detailPathParts(pathname)?.deployment ?? null;
}

interface BadgeProps {
  tone: "header" | "menu";
  className?: string;
  children: React.ReactNode;
}

/** A small outlined label: a deployment's kind, or the merged queue. */
function Badge({ tone, className = "", children }: BadgeProps) {
  const colours =
    tone === "header"
      ? "border-slate-600 text-slate-300"
      : "border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300";
  return (
    <span
      className={`shrink-0 rounded border px-1 text-[10px] leading-4 font-medium whitespace-nowrap ${colours} ${className}`}
    >
      {children}
    </span>
  );
}

const KindBadge = ({ kind, ...rest }: Omit<BadgeProps, "children"> & { kind: DeploymentKind }) => (
  <Badge {...rest}>{KIND_NAME[kind]}</Badge>
);

/**
 * The current deployment (its name and kind; "All deployments" on the overview) and, with two or
 * more visible, a menu to go to another: the overview, each deployment's list (the view's filters
 * carried over, see switchHref) and the merged queue. `d` opens it. With one deployment it is a
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

/** Which item gets focus when the menu opens. */
type Landing = "current" | "first" | "last";

const itemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

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
  const menu = useRef<HTMLDivElement>(null);
  const current = deployments.find((deployment) => deployment.key === currentKey);

  const show = useCallback((landing: Landing) => setOpened({ at: pathname, landing }), [pathname]);
  const close = useCallback((byKey: boolean) => {
    setOpened(null);
    if (byKey) button.current?.focus();
  }, []);
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

  // Focus moves into the menu each time it opens (a new `opened`), as a menu button's should.
  useEffect(() => {
    if (!opened) return;
    const items = itemsOf(menu.current);
    const marked = items.findIndex((item) => item.hasAttribute("aria-current"));
    const index =
      opened.landing === "last"
        ? items.length - 1
        : opened.landing === "current" && marked >= 0
          ? marked
          : 0;
    items[index]?.focus();
  }, [opened]);

  function onMenuKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (hasModifier(event)) return;
    const items = itemsOf(menu.current);
    const at = items.findIndex((item) => item === document.activeElement);
    const focus = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return focus(at + 1);
      case "ArrowUp":
        return focus(at < 0 ? -1 : at - 1);
      case "Home":
        return focus(0);
      case "End":
        return focus(items.length - 1);
      case "Tab":
        setOpened(null); // focus goes on to the next control, as from any menu
        return;
      case " ":
        event.preventDefault();
        items[at]?.click(); // Enter follows the link by itself
        return;
    }
    // Typing a letter moves to the next item starting with it (and keeps the page's keys out).
    if (/^[\p{L}\p{N}]$/u.test(event.key)) {
      event.preventDefault();
      const key = event.key.toLocaleLowerCase();
      const after = [...items.slice(at + 1), ...items.slice(0, at + 1)];
      after.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(key))?.focus();
    }
  }

  return (
    <div ref={root} className="flex min-w-0 sm:relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-keyshortcuts="d"
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
            {currentKey === ALL_DEPLOYMENTS ? <Badge tone="header">One queue</Badge> : null}
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
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Deployments"
          onKeyDown={onMenuKeyDown}
          // Below sm it spans the header (whose bar is its containing block), so it never
          // pushes the page sideways; from sm it hangs under the button.
          className="panel absolute inset-x-4 top-full z-30 mt-1 flex flex-col p-1 text-slate-800 shadow-lg sm:inset-x-auto sm:left-0 sm:w-72 dark:text-slate-100"
        >
          <SwitcherItems
            deployments={deployments}
            pathname={pathname}
            currentKey={currentKey}
            onSelect={() => setOpened(null)}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The menu's items. Rendered only while open (in the browser, after a press), so the search
 * params they read never hold up the server's render of the header.
 */
function SwitcherItems({
  deployments,
  pathname,
  currentKey,
  onSelect,
}: {
  deployments: readonly DeploymentInfo[];
  pathname: string;
  currentKey: string | null;
  onSelect: () => void;
}) {
  const search = useSearchParams().toString();
  const onList = listPathDeployment(pathname) !== null;
  const marking = (key: string) =>
    key === currentKey ? (onList ? ("page" as const) : ("true" as const)) : undefined;
  const href = (key: string) => switchHref(pathname, search, key);
  return (
    <>
      <Item
        href={HOME_PATH}
        current={pathname === HOME_PATH ? "page" : undefined}
        onSelect={onSelect}
      >
        Overview
      </Item>
      <Separator />
      {deployments.map((deployment) => (
        <Item
          key={deployment.key}
          href={href(deployment.key)}
          current={marking(deployment.key)}
          onSelect={onSelect}
        >
          <span className="min-w-0 flex-1 truncate">{deployment.name}</span>
          <KindBadge tone="menu" kind={deployment.kind} />
        </Item>
      ))}
      {/* The menu exists only with two or more deployments: the merged queue is worth a line. */}
      <Separator />
      <Item href={href(ALL_DEPLOYMENTS)} current={marking(ALL_DEPLOYMENTS)} onSelect={onSelect}>
        All deployments (one queue)
      </Item>
    </>
  );
}

function Separator() {
  return <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />;
}

function Item({
  href,
  current,
  onSelect,
  children,
}: {
  href: string;
  current: "page" | "true" | undefined;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <Link
      href={href}
      role="menuitem"
      tabIndex={-1}
      // Each list's page reads its deployment upstream: no reads for lists nobody opened.
      prefetch={false}
      aria-current={current}
      onClick={onSelect}
      className={`flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800 ${
        current ? "font-semibold" : ""
      }`}
    >
      <span aria-hidden="true" className="w-3 shrink-0 text-blue-700 dark:text-blue-400">
        {current ? "✓" : ""}
      </span>
      {children}
    </Link>
  );
}
