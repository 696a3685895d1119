"use client";

import { type Density, DENSITIES } from "./view-preferences";

const NAME: Record<Density, string> = { comfortable: "Comfortable", compact: "Compact" };

/**
 * Comfortable or compact rows: two radio buttons drawn as one segmented control (arrow keys move
 * between them, as in any radio group). The rows' padding itself comes from globals.css, keyed
 * on <html data-alarm-density>, so it applies before the page's scripts run.
 */
export function DensityToggle({
  density,
  onChange,
}: {
  density: Density;
  onChange: (density: Density) => void;
}) {
  return (
    <fieldset className="flex items-center gap-1.5">
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
