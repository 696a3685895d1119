"use client";

import { useId } from "react";
import type { Theme } from "./theme";
import { useTheme } from "./use-theme";

const CHOICES: readonly { theme: Theme; label: string }[] = [
  { theme: "light", label: "Light" },
  { theme: "dark", label: "Dark" },
  { theme: "system", label: "System" },
];

/**
 * Light, Dark or System (the system's preference, followed live), remembered in this browser:
 * a radio group, so Tab reaches it and the arrow keys choose.
 */
export function ThemeChoice({ className = "" }: { className?: string }) {
  const [theme, choose] = useTheme();
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="text-xs font-medium text-slate-600 dark:text-slate-300">Theme</legend>
      <div className="mt-1 grid grid-cols-3 gap-1">
        {CHOICES.map((choice) => (
          <label
            key={choice.theme}
            className="flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:border-slate-600 dark:hover:bg-slate-800 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950"
          >
            <input
              type="radio"
              name={name}
              value={choice.theme}
              checked={theme === choice.theme}
              onChange={() => choose(choice.theme)}
              className="accent-blue-600 focus-visible:outline-none"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
