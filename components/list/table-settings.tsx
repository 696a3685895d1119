"use client";
// The table's settings: "Columns" and the rows' density, kept in this browser for every list.

import { useHydrated } from "@/components/use-hydrated";
import { ColumnChooser } from "./column-chooser";
import { useViewPreferences } from "./use-view-preferences";
import { type Density, DENSITIES } from "./view-preferences";

const NAME: Record<Density, string> = { comfortable: "Comfortable", compact: "Compact" };

/**
 * Comfortable or compact rows: two radio buttons drawn as one segmented control (arrow keys move
 * between them, as in any radio group). The rows themselves follow the `compact:` variant
 * (globals.css), keyed on <html data-alarm-density>, so it applies before the scripts run.
 */
function DensityToggle({
  density,
  onChange,
  waiting,
}: {
  density: Density;
  onChange: (density: Density) => void;
  waiting: boolean;
}) {
  return (
    <fieldset className="flex items-center gap-1.5" disabled={waiting}>
      <legend className="sr-only">Row density</legend>
      <span aria-hidden="true" className="text-xs text-slate-600 dark:text-slate-400">
        Rows
      </span>
      <div className="inline-flex rounded border border-slate-300 dark:border-slate-600">
        {DENSITIES.map((value) => (
          <label
            key={value}
            className="relative inline-flex h-[1.625rem] cursor-pointer items-center px-2 text-xs font-medium text-slate-700 select-none first:rounded-l last:rounded-r has-checked:bg-slate-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-blue-500 dark:text-slate-200 dark:has-checked:bg-slate-200 dark:has-checked:text-slate-900"
          >
            <input
              type="radio"
              name="alarm-density"
              value={value}
              checked={density === value}
              onChange={() => onChange(value)}
              // Over the whole label, transparent: the real control takes the clicks and taps.
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            {NAME[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * From md up, where the table is (the cards below md have one form). Its server HTML stands until
 * its code is there (./lazy-table-settings.tsx): until then it says it cannot be used.
 */
export function TableSettings() {
  const [preferences, update] = useViewPreferences();
  const waiting = !useHydrated();
  return (
    <div className="hidden items-center gap-3 md:flex">
      <ColumnChooser preferences={preferences} update={update} waiting={waiting} />
      <DensityToggle
        density={preferences.density}
        onChange={(density) => update((current) => ({ ...current, density }))}
        waiting={waiting}
      />
    </div>
  );
}
