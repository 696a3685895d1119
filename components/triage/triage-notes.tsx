"use client";
// The alarm's notes on its triage panel: one's own can be changed or deleted for a while after
// writing it (NOTE_EDIT_WINDOW_MS); a new one is written below them.

import { useState } from "react";
import { useNow } from "@/components/live/use-live-view";
import { TimeText } from "@/components/ui/time-text";
import {
  displayName,
  NOTE_EDIT_WINDOW_MS,
  type AlarmTriage,
  type TriageNote,
} from "@/lib/shared/triage/types";
import { NoteEditForm, NewNoteForm } from "./note-forms";
import { NoteText } from "./note-text";
import type { WriteTriage } from "./use-triage-write";

export function TriageNotes({
  triage,
  names,
  me,
  busy,
  write,
}: {
  triage: AlarmTriage;
  names: Record<string, string>;
  me: string | null;
  busy: boolean;
  write: WriteTriage;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const now = useNow(30_000);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">
        Notes{triage.notes.length > 0 ? ` (${triage.notes.length})` : ""}
      </h3>
      {triage.notes.length > 0 ? (
        <ol className="flex flex-col gap-2" data-triage-notes>
          {triage.notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              names={names}
              own={note.author === me && now - note.at < NOTE_EDIT_WINDOW_MS}
              editing={editing === note.id}
              setEditing={(on) => setEditing(on ? note.id : null)}
              busy={busy}
              write={write}
            />
          ))}
        </ol>
      ) : null}
      <NewNoteForm busy={busy} write={write} />
    </div>
  );
}

function NoteItem({
  note,
  names,
  own,
  editing,
  setEditing,
  busy,
  write,
}: {
  note: TriageNote;
  names: Record<string, string>;
  /** The analyst's own, and still within the edit window. */
  own: boolean;
  editing: boolean;
  setEditing: (on: boolean) => void;
  busy: boolean;
  write: WriteTriage;
}) {
  return (
    <li
      className="rounded border border-slate-200 px-2 py-1.5 dark:border-slate-700"
      data-note={note.id}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-800 dark:text-slate-200">
          {displayName(note.author, names)}
        </span>
        <TimeText ms={note.at} className="font-mono" />
        {note.editedAt !== null ? <span>(edited)</span> : null}
        {own && !editing ? (
          <span className="ml-auto flex gap-2">
            <button type="button" className="underline" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button
              type="button"
              className="underline"
              disabled={busy}
              onClick={() => {
                if (window.confirm("Delete this note? The history keeps its text.")) {
                  write({ part: `/notes/${note.id}`, method: "DELETE" });
                }
              }}
            >
              Delete
            </button>
          </span>
        ) : null}
      </div>
      {editing ? (
        <NoteEditForm note={note} busy={busy} write={write} close={() => setEditing(false)} />
      ) : (
        <NoteText text={note.text} />
      )}
    </li>
  );
}
