"use client";
// The deployment switcher's open menu: the overview, each deployment's list, the list of every deployment.

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { hasModifier } from "@/components/keyboard";
import { HOME_PATH, listPathDeployment } from "@/lib/shared/alarms/paths";
import { switchHref } from "@/lib/shared/deployments/switch-href";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";
import { EVERY_DEPLOYMENT, scopeSegment } from "@/lib/shared/deployments/scope";
import { KindBadge } from "./kind-badge";

/** Which item gets focus when the menu opens. */
export type Landing = "current" | "first" | "last";

const itemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

/**
 * The menu of ./deployment-switcher.tsx while open: focus lands on an item each time it opens
 * (a new `opened`), arrows, Home, End and a letter move between the items, Tab leaves.
 */
export function SwitcherMenuPanel({
  id,
  opened,
  deployments,
  pathname,
  currentKey,
  onClose,
}: {
  id: string;
  opened: { landing: Landing };
  deployments: readonly DeploymentInfo[];
  pathname: string;
  currentKey: string | null;
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);

  // Focus moves into the menu each time it opens (a new `opened`), as a menu button's should.
  useEffect(() => {
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
        onClose(); // focus goes on to the next control, as from any menu
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
    <div
      ref={menu}
      id={id}
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
        onSelect={onClose}
      />
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
  const every = scopeSegment(EVERY_DEPLOYMENT);
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
      {/* The menu exists only with two or more deployments: the list of every one is worth a line. */}
      <Separator />
      <Item href={href(every)} current={marking(every)} onSelect={onSelect}>
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
