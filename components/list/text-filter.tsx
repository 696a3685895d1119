"use client";
// A free-text filter with the known values as suggestions (a combobox).

import { useEffect, useId, useRef, useState } from "react";
import { matchSuggestions } from "@/lib/shared/alarms/suggest";
import { OptionsList, comboboxOf, stepActive } from "./options-list";

const SHOWN = 8;

/**
 * A free-text filter (exact match upstream) that commits on Enter, on choosing a suggestion or
 * when it loses focus, so typing does not flood the history with one entry per keystroke. As one
 * types it offers the known values containing the text, the first one highlighted (a combobox
 * with automatic selection: Enter takes the highlighted value, since an exact filter on half a
 * name finds nothing; arrows move, up past the first to the typed text itself; Escape closes the
 * list, then leaves the box as it was). The draft follows the URL whenever the URL's value
 * changes (back/forward, clear).
 */
export function TextFilter({
  label,
  name,
  value,
  suggestions,
  placeholder,
  validate,
  onCommit,
  inputRef,
  className = "w-32",
  mono = false,
  tokens,
}: {
  label: string;
  name: string;
  value: string | undefined;
  suggestions: string[];
  placeholder?: string;
  /** An error message for a value that cannot be used, or null. */
  validate?: (value: string) => string | null;
  onCommit: (value: string | undefined) => void;
  inputRef?: React.Ref<HTMLInputElement>;
  className?: string;
  mono?: boolean;
  /**
   * The values already taken, shown before the box, which then adds one more: the box is empty
   * and emptied again after each value it adds (MultiTextFilter).
   */
  tokens?: React.ReactNode;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState(value ?? "");
  const [shown, setShown] = useState(value);
  const [open, setOpen] = useState(false);
  /** The option moved to with the arrows; -1 the typed text itself; null: not moved yet. */
  const [moved, setMoved] = useState<number | null>(null);
  const cancelled = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  // Text typed into the server-rendered page before its scripts took over is kept as the draft.
  useEffect(() => {
    const typed = box.current?.querySelector("input")?.value;
    if (typed !== undefined && typed !== (value ?? "")) setDraft(typed);
    // Only the first look after hydration can find such text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (shown !== value) {
    setShown(value);
    setDraft(value ?? "");
    setError(null);
  }

  const matches = open ? matchSuggestions(draft, suggestions, SHOWN) : [];
  const expanded = matches.length > 0 && !(matches.length === 1 && matches[0] === draft);
  // Typed text that is a known value as it stands is taken as typed; otherwise the best match.
  const typedIsKnown = suggestions.includes(draft.trim());
  const active = moved ?? (expanded && draft.trim() !== "" && !typedIsKnown ? 0 : -1);

  function commit(raw: string) {
    setOpen(false);
    setMoved(null);
    const next = raw.trim() || undefined;
    const problem = next && validate ? validate(next) : null;
    setError(problem);
    if (problem || next === value) return;
    onCommit(next);
    if (tokens !== undefined) setDraft("");
  }

  function choose(option: string) {
    setDraft(option);
    commit(option);
  }

  return (
    <div ref={box} className="relative flex flex-col gap-0.5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {tokens}
      <input
        id={id}
        ref={inputRef}
        name={name}
        type="text"
        {...comboboxOf(id, expanded, active)}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setOpen(true);
          setMoved(null);
        }}
        onFocus={() => setOpen(true)}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? "Any"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`control ${mono ? "font-mono" : ""} ${className} ${error ? "border-red-500 dark:border-red-500" : ""}`}
        onBlur={(event) => {
          if (cancelled.current) cancelled.current = false;
          else commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            if (!expanded) return setOpen(true);
            setMoved(stepActive(active, event.key, matches.length));
          } else if (event.key === "Enter") {
            event.preventDefault();
            const picked = expanded && active >= 0 ? matches[active] : undefined;
            if (picked !== undefined) choose(picked);
            else commit(event.currentTarget.value);
          } else if (event.key === "Escape") {
            if (expanded) {
              setOpen(false);
              setMoved(null);
              return;
            }
            // Leave the box as it was, and hand the keys back to the list (j, k, n, p).
            setDraft(value ?? "");
            setError(null);
            cancelled.current = true;
            event.currentTarget.blur();
          }
        }}
      />
      <OptionsList
        id={id}
        label="Known values"
        options={expanded ? matches : []}
        active={active}
        keyOf={(option) => option}
        render={(option) => option}
        onChoose={choose}
        className="max-w-[min(28rem,90vw)]"
        mono={mono}
      />
      {error ? (
        <p id={`${id}-error`} className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A free-text filter that takes several values (this strategy or that): the values taken are
 * tokens, each removed by its ×; the box adds one more (on Enter, a suggestion or leaving it).
 */
export function MultiTextFilter({
  values,
  onChange,
  ...box
}: Omit<React.ComponentProps<typeof TextFilter>, "value" | "onCommit" | "tokens"> & {
  values: readonly string[] | undefined;
  onChange: (values: string[] | undefined) => void;
}) {
  const taken = values ?? [];
  const tokens = (
    <span className="flex max-w-[min(28rem,90vw)] flex-wrap gap-1 empty:hidden">
      {taken.map((value) => (
        <span
          key={value}
          className={`inline-flex max-w-full items-center gap-0.5 rounded border border-slate-300 bg-slate-100 py-px pr-px pl-1.5 text-xs dark:border-slate-600 dark:bg-slate-800 ${box.mono ? "font-mono" : ""}`}
        >
          <span className="truncate" title={value}>
            {value}
          </span>
          <button
            type="button"
            aria-label={`Remove ${box.label}: ${value}`}
            className="inline-flex h-4 w-4 shrink-0 items-center justify-center rounded hover:bg-slate-300 dark:hover:bg-slate-600"
            onClick={() => {
              const left = taken.filter((one) => one !== value);
              onChange(left.length === 0 ? undefined : left);
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </span>
      ))}
    </span>
  );
  return (
    <TextFilter
      {...box}
      value={undefined}
      placeholder={taken.length > 0 ? "or…" : box.placeholder}
      tokens={tokens}
      onCommit={(value) => {
        if (value === undefined || taken.includes(value)) return;
        onChange([...taken, value]);
      }}
    />
  );
}
