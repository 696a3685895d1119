"use client";
// The name of a saved view (and, saving one, whether the team sees it): for Save and Rename.

import { useId, useState, type FormEvent } from "react";
import { asApiError } from "@/lib/shared/queries/query-options";
import { VIEW_NAME_MAX } from "@/lib/shared/triage/saved-views";

export function ViewNameForm({
  initialName = "",
  withShare,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initialName?: string;
  /** Offers "Share with the team" (saving a view; renaming keeps what it is). */
  withShare: boolean;
  submitLabel: string;
  /** Rejects with what the server said, shown under the field. */
  onSubmit: (name: string, shared: boolean) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name, shared);
    } catch (caught) {
      setError(asApiError(caught).message);
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-1.5 p-1" onSubmit={(event) => void submit(event)}>
      <label htmlFor={nameId} className="field-label">
        Name
      </label>
      <input
        id={nameId}
        className="control"
        value={name}
        maxLength={VIEW_NAME_MAX}
        required
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {withShare ? (
        <label className="flex items-center gap-2 py-0.5 text-xs">
          <input
            type="checkbox"
            className="h-3.5 w-3.5 accent-blue-700"
            checked={shared}
            onChange={(event) => setShared(event.target.checked)}
          />
          Share with the team
        </label>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-1">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={busy || name.trim() === ""}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
