"use client";

import { useId, useRef, useState } from "react";

/**
 * A free-text filter (exact match upstream) that commits on Enter or when it loses focus, so
 * typing does not flood the history with one entry per keystroke. Suggestions come from a
 * datalist. The draft follows the URL whenever the URL's value changes (back/forward, clear).
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
  className = "w-40",
  mono = false,
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
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState(value ?? "");
  const [shown, setShown] = useState(value);
  const cancelled = useRef(false);
  if (shown !== value) {
    setShown(value);
    setDraft(value ?? "");
    setError(null);
  }

  function commit(raw: string) {
    const next = raw.trim() || undefined;
    const problem = next && validate ? validate(next) : null;
    setError(problem);
    if (problem || next === value) return;
    onCommit(next);
  }

  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        name={name}
        type="text"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        list={`${id}-list`}
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
          if (event.key === "Enter") {
            event.preventDefault();
            commit(event.currentTarget.value);
          } else if (event.key === "Escape") {
            // Leave the box as it was, and hand the keys back to the list (j, k, n, p).
            setDraft(value ?? "");
            setError(null);
            cancelled.current = true;
            event.currentTarget.blur();
          }
        }}
      />
      <datalist id={`${id}-list`}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
