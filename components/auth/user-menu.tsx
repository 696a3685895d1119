"use client";

import { useState } from "react";

export interface UserMenuProps {
  /** The signed-in analyst's display name (from requireAnalyst() / getAnalyst()). */
  name: string;
  email?: string | null;
  className?: string;
}

/**
 * The signed-in analyst and a Sign out button, for the app header. A client component with plain
 * props, so a server-rendered header can pass it the analyst from requireAnalyst().
 */
export function UserMenu({ name, email, className = "" }: UserMenuProps) {
  const [signingOut, setSigningOut] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  async function onSignOut() {
    setSigningOut(true);
    try {
      // Loaded on click: next-auth's client is ~9 KB gzipped that every page would otherwise
      // download for a button analysts press once a day.
      const { signOut } = await import("next-auth/react");
      // next-auth clears the session cookie (CSRF-checked POST), then we land on the sign-in page.
      await signOut({ callbackUrl: "/signin?signedOut=1" });
    } catch {
      setSigningOut(false); // offline (the POST or the import failed): the button works again
    }
  }

  return (
    <div className={`flex items-center gap-2 text-sm ${className}`}>
      <span
        aria-hidden="true"
        className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100"
      >
        {initial}
      </span>
      <span className="sr-only">Signed in as</span>
      <span
        className="max-w-[14rem] truncate font-medium text-slate-800 dark:text-slate-100"
        title={email ?? name}
      >
        {name}
      </span>
      <button
        type="button"
        onClick={onSignOut}
        disabled={signingOut}
        className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {signingOut ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}
