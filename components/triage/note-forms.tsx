"use client";
// The note editors on the triage panel: a new note for the team, and the change of one's own note.

import { useId, useState } from "react";
import { NOTE_MAX_CHARS } from "@/lib/shared/triage/types";
import type { WriteTriage } from "./use-triage-write";

const TEXTAREA =
  "min-h-16 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

/** Changes one of the analyst's own notes; `close` runs on Cancel and once the change is saved. */
export function NoteEditForm({
  note,
  busy,
  write,
  close,
}: {
  note: { id: string; text: string };
  busy: boolean;
  write: WriteTriage;
  close: () => void;
}) {
  const [text, setText] = useState(note.text);
  return (
    <form
      className="mt-1 flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        write({ part: `/notes/${note.id}`, method: "PATCH", body: { text } }, close);
      }}
    >
      <textarea
        aria-label="Edit the note"
        className={TEXTAREA}
        maxLength={NOTE_MAX_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <span className="flex gap-1.5">
        <button type="submit" className="btn-primary" disabled={busy || !text.trim()}>
          Save
        </button>
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
      </span>
    </form>
  );
}

/** A new note; the draft is kept until the server has it. */
export function NewNoteForm({ busy, write }: { busy: boolean; write: WriteTriage }) {
  const [draft, setDraft] = useState("");
  const noteId = useId();
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.trim()) return;
        write({ part: "/notes", method: "POST", body: { text: draft } }, () => setDraft(""));
      }}
    >
      <label htmlFor={noteId} className="sr-only">
        A note for the team
      </label>
      <textarea
        id={noteId}
        placeholder="A note for the team (plain text; links become clickable)"
        className={TEXTAREA}
        maxLength={NOTE_MAX_CHARS}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most tools that take notes.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <span className="flex items-center gap-2">
        <button type="submit" className="btn-primary" disabled={busy || !draft.trim()}>
          Add note
        </button>
        {draft.length > NOTE_MAX_CHARS * 0.9 ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {draft.length.toLocaleString("en")} of {NOTE_MAX_CHARS.toLocaleString("en")}
          </span>
        ) : null}
      </span>
    </form>
  );
}
