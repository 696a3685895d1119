"use client";
// The account menu's panel: who is signed in, the theme's choice and "Sign out everywhere"
// (./user-menu.tsx fetches it when first opened).

import { ThemeChoice } from "@/components/theme/theme-choice";

export interface AccountMenuPanelProps {
  id: string;
  name: string;
  email?: string | null;
  /** Which sign-out is under way, if any. */
  pending: "here" | "everywhere" | null;
  onSignOutEverywhere: () => void;
}

export function AccountMenuPanel({
  id,
  name,
  email,
  pending,
  onSignOutEverywhere,
}: AccountMenuPanelProps) {
  return (
    <div
      id={id}
      className="absolute top-full right-0 z-20 mt-2 w-64 rounded-md border border-slate-200 bg-white p-3 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={email ?? name}>
        Signed in as <span className="font-medium text-slate-700 dark:text-slate-200">{name}</span>
      </p>
      <ThemeChoice className="mt-3" />
      <button
        type="button"
        onClick={onSignOutEverywhere}
        disabled={pending !== null}
        className="mt-3 w-full rounded-md border border-slate-300 px-2 py-1.5 text-left text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {pending === "everywhere" ? "Signing out everywhere…" : "Sign out everywhere"}
      </button>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Ends your sessions in every browser and on every device, this one too.
      </p>
    </div>
  );
}
