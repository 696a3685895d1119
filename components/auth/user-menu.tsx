"use client";

import { useEffect, useState } from "react";
import { afterHydration, lazyComponent } from "@/components/lazy";
import { useDisclosure } from "@/components/ui/use-disclosure";
import { getJson, sendForm, sendJson } from "@/lib/shared/queries/http";
import { asApiError } from "@/lib/shared/queries/query-options";
import { whileSigningOut } from "@/lib/shared/queries/query-client";

// The menu's panel (the theme's choice, "Sign out everywhere") is fetched when first opened, or on
// a hint of use: no page needs it to be usable.
const AccountMenuPanel = lazyComponent(() =>
  import("./account-menu-panel").then((m) => m.AccountMenuPanel),
);

export interface UserMenuProps {
  /** The signed-in analyst's display name (from requireAnalyst() / getAnalyst()). */
  name: string;
  email?: string | null;
  className?: string;
}

type Pending = "here" | "everywhere" | null;

/**
 * Ends this session (next-auth's CSRF-checked sign-out, which first revokes it in the shared
 * store) or, with `everywhere`, every session of the analyst first. Rejects with the ApiError of
 * the step that failed: a sign-out that did not happen must not look like one.
 */
async function endSessions(everywhere: boolean): Promise<void> {
  if (everywhere) await sendJson("DELETE", "/api/sessions");
  const { csrfToken } = await getJson<{ csrfToken: string }>("/api/auth/csrf");
  await sendForm("/api/auth/signout", { csrfToken, json: "true" });
}

/**
 * The signed-in analyst, Sign out, and a small menu with the theme and "Sign out everywhere",
 * for the app header. A client component with plain props, so a server-rendered header can pass
 * it the analyst from requireAnalyst().
 */
export function UserMenu({ name, email, className = "" }: UserMenuProps) {
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    open,
    panelId: menuId,
    root,
    button: menuButton,
  } = useDisclosure({
    preload: AccountMenuPanel.preload,
  });
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  // Its panel's code, fetched once the page has hydrated and the browser is idle: out of the first
  // load, and there before a hand reaches the menu.
  useEffect(() => afterHydration(AccountMenuPanel.preload), []);

  async function onSignOut(everywhere: boolean) {
    setPending(everywhere ? "everywhere" : "here");
    setError(null);
    try {
      await whileSigningOut(() => endSessions(everywhere));
      // A full load, not a router push: nothing of the session stays in this tab's caches.
      const signInPage = new URL("/signin", window.location.origin);
      signInPage.searchParams.set("signedOut", everywhere ? "everywhere" : "1");
      window.location.assign(signInPage);
      return;
    } catch (error) {
      setError(`Not signed out: ${asApiError(error).message}`);
    }
    setPending(null);
  }

  const button =
    "shrink-0 whitespace-nowrap rounded-md border border-slate-600 px-2 py-1 text-xs font-medium text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:opacity-60";

  return (
    <div ref={root} className={`relative flex items-center gap-2 text-sm ${className}`}>
      <span
        aria-hidden="true"
        className="hidden h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-700 text-xs font-semibold text-slate-100 sm:flex"
      >
        {initial}
      </span>
      <span className="sr-only">Signed in as</span>
      <span
        className="hidden max-w-[14rem] truncate font-medium text-slate-100 sm:inline"
        title={email ?? name}
      >
        {name}
      </span>
      <button
        type="button"
        onClick={() => onSignOut(false)}
        disabled={pending !== null}
        className={button}
      >
        {pending === "here" ? "Signing out…" : "Sign out"}
      </button>
      <button
        {...menuButton}
        type="button"
        aria-label="Account menu"
        disabled={pending !== null}
        className={`${button} px-1.5`}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="currentColor">
          <path d="M4.2 6.2a.75.75 0 0 1 1.06 0L8 8.94l2.74-2.74a.75.75 0 1 1 1.06 1.06L8.53 10.53a.75.75 0 0 1-1.06 0L4.2 7.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </button>
      {open ? (
        <AccountMenuPanel
          id={menuId}
          name={name}
          email={email}
          pending={pending}
          onSignOutEverywhere={() => onSignOut(true)}
        />
      ) : null}
      {error ? (
        <p
          role="alert"
          className="absolute top-full right-0 z-30 mt-2 w-72 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-800 shadow-lg dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
