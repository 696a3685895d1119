"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { UTC, canonicalTimeZone, knownTimeZones } from "@/lib/shared/alarms/time-zone";

const noSubscribe = () => () => {};

/** The browser's own zone, once hydrated (the server cannot know it). */
function useLocalZone(): string | null {
  return useSyncExternalStore(
    noSubscribe,
    () => {
      try {
        return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
      } catch {
        return null;
      }
    },
    () => null,
  );
}

const OTHER = "(other)";

/**
 * Which zone times are shown in: UTC, the analyst's local zone, or any IANA zone. The choice is
 * written into the URL (`tz=`), so the link shows the recipient the sender's clock.
 */
export function TimeZonePicker({
  zone,
  onChange,
}: {
  zone: string;
  onChange: (zone: string) => void;
}) {
  const id = useId();
  const local = useLocalZone();
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);

  function commit(raw: string) {
    const next = canonicalTimeZone(raw);
    if (!next) return setError("Not a time zone (try Europe/Berlin)");
    setError(null);
    setTyping(false);
    if (next !== zone) onChange(next);
  }

  return (
    <div className="flex items-center gap-1.5 text-xs">
      <label htmlFor={id} className="text-slate-600 dark:text-slate-400">
        Times in
      </label>
      {typing ? (
        <>
          <input
            id={id}
            className="control w-44"
            list={`${id}-zones`}
            value={draft}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="Europe/Berlin"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                commit(draft);
              } else if (event.key === "Escape") {
                setTyping(false);
                setError(null);
              }
            }}
          />
          <datalist id={`${id}-zones`}>
            {knownTimeZones().map((known) => (
              <option key={known} value={known} />
            ))}
          </datalist>
          {error ? (
            <span id={`${id}-error`} className="text-red-700 dark:text-red-400">
              {error}
            </span>
          ) : null}
        </>
      ) : (
        <select
          id={id}
          className="control max-w-56"
          value={zone}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === OTHER) {
              setDraft("");
              setTyping(true);
            } else onChange(value);
          }}
        >
          <option value={UTC}>UTC</option>
          {local && local !== UTC ? <option value={local}>Local ({local})</option> : null}
          {zone !== UTC && zone !== local ? <option value={zone}>{zone}</option> : null}
          <option value={OTHER}>Other zone…</option>
        </select>
      )}
    </div>
  );
}
