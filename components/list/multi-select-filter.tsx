"use client";
// A filter of a fixed few values that takes several (open or in review): a button naming what is
// picked, opening a list of checkboxes.

import { useId, useState } from "react";
import { useDisclosure } from "@/components/ui/use-disclosure";

/**
 * Any of `options` (none picked: any). Each box ticked or cleared changes the filter at once, and
 * the list stays open for the next; Escape or a press outside closes it (Escape gives the focus
 * back to the button). The button's name says the filter and what is picked: "Status Open, In
 * review".
 */
export function MultiSelectFilter<T extends string>({
  label,
  values,
  options,
  anyLabel,
  onChange,
  className = "w-[6.5rem]",
}: {
  label: string;
  values: readonly T[] | undefined;
  options: readonly { value: T; label: string }[];
  anyLabel: string;
  /** The values picked, in the options' order; undefined when none is. */
  onChange: (values: T[] | undefined) => void;
  className?: string;
}) {
  const id = useId();
  const { open, panelId, root, button } = useDisclosure();

  // What the boxes show follows a tick at once, and the URL whenever it changes (back, a link).
  const urlKey = (values ?? []).join("\n");
  const [picked, setPicked] = useState<readonly T[]>(values ?? []);
  const [shownKey, setShownKey] = useState(urlKey);
  if (shownKey !== urlKey) {
    setShownKey(urlKey);
    setPicked(values ?? []);
  }
  const nameOf = (value: T) => options.find((option) => option.value === value)?.label ?? value;
  const summary = picked.length === 0 ? anyLabel : picked.map(nameOf).join(", ");
  const toggle = (value: T, on: boolean) => {
    const next = options
      .map((option) => option.value)
      .filter((one) => (one === value ? on : picked.includes(one)));
    // A value the options do not list (a link's) stays until cleared.
    const kept = [...next, ...picked.filter((one) => !options.some((o) => o.value === one))];
    setPicked(kept);
    onChange(kept.length === 0 ? undefined : kept);
  };
  const known = new Set(options.map((option) => option.value));
  const shown = [
    ...options,
    ...picked.filter((one) => !known.has(one)).map((one) => ({ value: one, label: one })),
  ];

  return (
    <div ref={root} className="relative flex flex-col gap-0.5">
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <button
        {...button}
        type="button"
        aria-haspopup="true"
        aria-labelledby={`${id}-label ${id}-value`}
        title={picked.length > 1 ? summary : undefined}
        className={`control flex items-center justify-between gap-1 text-left ${className}`}
      >
        <span id={`${id}-value`} className="truncate">
          {summary}
        </span>
        <span aria-hidden="true" className="text-[9px] text-slate-500 dark:text-slate-400">
          ▼
        </span>
      </button>
      {open ? (
        <fieldset
          id={panelId}
          className="absolute top-full left-0 z-30 mt-1 flex max-h-80 min-w-44 flex-col gap-0.5 overflow-y-auto rounded-md border border-slate-300 bg-white p-1.5 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <legend className="sr-only">{label}: any of</legend>
          {shown.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-blue-600"
                checked={picked.includes(option.value)}
                onChange={(event) => toggle(option.value, event.currentTarget.checked)}
              />
              <span className="truncate">{option.label}</span>
            </label>
          ))}
          {picked.length > 0 ? (
            <button
              type="button"
              className="mt-1 self-start px-1.5 text-xs font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
              onClick={() => {
                setPicked([]);
                onChange(undefined);
              }}
            >
              {anyLabel}
            </button>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
