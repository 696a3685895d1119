"use client";
// The list of options under a combobox (a text filter, the search box): one look, one behaviour.

/**
 * The box's part of the pair (spread on its input): a combobox whose list is OptionsList `id`'s,
 * the active option (-1: none, the typed text) its aria-activedescendant while the list shows.
 */
export function comboboxOf(id: string, expanded: boolean, active: number) {
  return {
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": `${id}-list`,
    "aria-activedescendant": expanded && active >= 0 ? `${id}-option-${active}` : undefined,
  } as const;
}

/**
 * Where an arrow key moves the active option among `count`: from the typed text (-1) through
 * the options, and round again.
 */
export function stepActive(active: number, key: "ArrowDown" | "ArrowUp", count: number): number {
  const next = active + (key === "ArrowDown" ? 1 : -1);
  return next >= count ? -1 : next < -1 ? count - 1 : next;
}

/**
 * `options` under their box, the active one marked (its id is `${id}-option-${index}`, for the
 * box's aria-activedescendant); a press takes one before the box's blur could close the list.
 */
export function OptionsList<T>({
  id,
  label,
  options,
  active,
  keyOf,
  render,
  onChoose,
  className = "",
  mono = false,
}: {
  id: string;
  label: string;
  /** Shown when there are any; the list is hidden (and kept for aria-controls) when empty. */
  options: readonly T[];
  active: number;
  keyOf: (option: T) => string;
  render: (option: T) => React.ReactNode;
  onChoose: (option: T) => void;
  /** Width and placement beyond the common ones. */
  className?: string;
  mono?: boolean;
}) {
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label={label}
      hidden={options.length === 0}
      className={`panel absolute top-full left-0 z-20 mt-0.5 max-h-72 w-max min-w-full overflow-auto py-0.5 text-xs shadow-lg ${className}`}
    >
      {options.map((option, index) => (
        <li
          key={keyOf(option)}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          className={`cursor-pointer truncate px-2 py-1 ${mono ? "font-mono" : ""} ${index === active ? "bg-blue-100 dark:bg-blue-900" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
          // Before the input's blur, which would take the half-typed text instead.
          onPointerDown={(event) => {
            event.preventDefault();
            onChoose(option);
          }}
        >
          {render(option)}
        </li>
      ))}
    </ul>
  );
}
