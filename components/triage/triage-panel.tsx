"use client";
// The team's triage of the alarm on its detail: who has it (take it, give it to a teammate,
// release it), whether it was acknowledged and by whom, the notes, and its history. Another
// analyst's change shows here as it happens ("Alice took this alarm"), through the live stream.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "@/lib/shared/alarms/paths";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import type { ApiError } from "@/lib/shared/core/errors";
import { sendJson, type WriteMethod } from "@/lib/shared/queries/http";
import { asApiError } from "@/lib/shared/queries/query-options";
import { triageKeys } from "@/lib/shared/queries/keys";
import { teammatesQueryOptions, triageQueryOptions } from "@/lib/shared/queries/triage-options";
import {
  displayName,
  NOTE_EDIT_WINDOW_MS,
  NOTE_MAX_CHARS,
  type AlarmTriage,
  type TriageNotice,
} from "@/lib/shared/triage/types";
import { useNow } from "@/components/live/use-live-view";
import { TimeText } from "@/components/ui/time-text";
import { NoteText } from "./note-text";
import { TriageHistory } from "./triage-history";
import { useTriageLive } from "./use-triage-live";

/** A teammate's change in words, their name first. */
export function noticeText(notice: TriageNotice, names: Record<string, string>): string {
  const who = notice.analystName;
  switch (notice.action) {
    case "owner":
      if (notice.owner === null || notice.owner === undefined) return `${who} released this alarm`;
      if (notice.owner === notice.analyst) return `${who} took this alarm`;
      return `${who} gave this alarm to ${displayName(notice.owner, names)}`;
    case "acknowledged":
      return notice.acknowledged
        ? `${who} acknowledged this alarm`
        : `${who} took back the acknowledgement`;
    case "note_added":
      return `${who} added a note`;
    case "note_edited":
      return `${who} edited a note`;
    case "note_deleted":
      return `${who} deleted a note`;
    case "opened":
      return `${who} opened this alarm`;
  }
}

type Write = { part: string; method: WriteMethod; body?: object };

export function TriagePanel({ deployment, uuid }: { deployment: string; uuid: string }) {
  const client = useQueryClient();
  const triage = useQuery(triageQueryOptions(deployment, uuid));
  const team = useQuery(teammatesQueryOptions(deployment));
  const me = team.data?.me ?? null;
  const [news, setNews] = useState<string | null>(null);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const headingId = useId();

  const live = useTriageLive((notice) => {
    if (notice.deployment !== deployment || !notice.uuids.includes(uuid.toLowerCase())) return;
    if (notice.analyst === me || notice.action === "opened") return;
    setNews(noticeText(notice, triage.data?.names ?? {}));
  });

  const write = useMutation({
    mutationFn: ({ part, method, body }: Write) =>
      // The alarm's triage after the write, or our ApiError.
      sendJson<AlarmTriage>(method, api.triage(deployment, uuid, part), { body }),
    onMutate: () => setProblem(null),
    onSuccess: (next: AlarmTriage) => {
      client.setQueryData(triageKeys.alarm(deployment, uuid), next);
      void client.invalidateQueries({ queryKey: triageKeys.deployment(deployment) });
      void client.invalidateQueries({ queryKey: triageKeys.deployment(ALL_DEPLOYMENTS) });
    },
    onError: (error) => {
      setProblem(asApiError(error));
      // What another analyst did first is shown at once, with the message naming it.
      void client.invalidateQueries({ queryKey: triageKeys.alarm(deployment, uuid) });
    },
  });
  const busy = write.isPending;

  if (triage.isError) {
    const error = asApiError(triage.error);
    return (
      <section className="panel px-3 py-2.5 text-sm" aria-labelledby={headingId} data-triage-panel>
        <h2 id={headingId} className="font-semibold">
          Triage
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400" role="status">
          {error.code === "index_unavailable" ? error.message : `Could not load: ${error.message}`}
        </p>
      </section>
    );
  }
  const data = triage.data;
  const names = { ...data?.names, ...(me && team.data ? namesOf(team.data.teammates) : {}) };
  const owner = data?.owner ?? null;
  const mine = owner !== null && owner === me;

  return (
    <section
      className="panel flex flex-col gap-3 px-3 py-2.5"
      aria-labelledby={headingId}
      aria-busy={!data || busy}
      data-triage-panel
      data-triage-live={live ? "open" : "closed"}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id={headingId} className="text-sm font-semibold">
          Triage
        </h2>
        <div
          className="flex flex-wrap items-center gap-1.5 text-sm"
          data-triage-owner={owner ?? ""}
        >
          <span className="text-slate-600 dark:text-slate-400">Owner:</span>
          <span className="font-medium">
            {owner ? displayName(owner, names) + (mine ? " (you)" : "") : "nobody"}
          </span>
          {data && me && !mine ? (
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() =>
                write.mutate({ part: "/owner", method: "PUT", body: { owner: me, from: owner } })
              }
            >
              Take it
            </button>
          ) : null}
          {data && mine ? (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                write.mutate({ part: "/owner", method: "PUT", body: { owner: null, from: me } })
              }
            >
              Release
            </button>
          ) : null}
          {data && team.data ? (
            <AssignSelect
              teammates={team.data.teammates.filter((mate) => mate.handle !== owner)}
              disabled={busy}
              onAssign={(handle) =>
                write.mutate({
                  part: "/owner",
                  method: "PUT",
                  body: { owner: handle, from: owner },
                })
              }
            />
          ) : null}
        </div>
        <div
          className="flex flex-wrap items-center gap-1.5 text-sm"
          data-triage-acknowledged={data?.acknowledged ? "true" : "false"}
        >
          {data?.acknowledged ? (
            <>
              <span className="font-medium text-emerald-700 dark:text-emerald-400">
                ✓ Acknowledged
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                by {displayName(data.acknowledged.by, names)},{" "}
                <TimeText ms={data.acknowledged.at} className="font-mono text-xs" />
              </span>
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() =>
                  write.mutate({
                    part: "/acknowledged",
                    method: "PUT",
                    body: { acknowledged: false },
                  })
                }
              >
                Undo
              </button>
            </>
          ) : data ? (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                write.mutate({ part: "/acknowledged", method: "PUT", body: { acknowledged: true } })
              }
            >
              Acknowledge
            </button>
          ) : null}
        </div>
      </div>
      <div aria-live="polite" className="empty:hidden text-sm" data-triage-news>
        {news ? (
          <p className="flex items-center gap-2 rounded bg-blue-50 px-2 py-1 text-blue-900 dark:bg-blue-950/60 dark:text-blue-100">
            {news}
            <button
              type="button"
              className="ml-auto text-xs underline"
              onClick={() => setNews(null)}
            >
              Dismiss
            </button>
          </p>
        ) : null}
      </div>
      {problem ? (
        <p
          role="alert"
          className="rounded bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {problem.message}
        </p>
      ) : null}
      {data ? (
        <Notes
          triage={data}
          names={names}
          me={me}
          busy={busy}
          onWrite={(next, done) => write.mutate(next, { onSuccess: done })}
        />
      ) : null}
      {data && data.history.length > 0 ? (
        <TriageHistory history={data.history} names={names} />
      ) : null}
    </section>
  );
}

function namesOf(teammates: { handle: string; name: string }[]): Record<string, string> {
  return Object.fromEntries(teammates.map((mate) => [mate.handle, mate.name]));
}

function AssignSelect({
  teammates,
  disabled,
  onAssign,
}: {
  teammates: { handle: string; name: string }[];
  disabled: boolean;
  onAssign: (handle: string) => void;
}) {
  if (teammates.length === 0) return null;
  return (
    <select
      aria-label="Assign to a teammate"
      className="rounded border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
      value=""
      disabled={disabled}
      onChange={(event) => {
        if (event.target.value) onAssign(event.target.value);
      }}
    >
      <option value="">Assign to…</option>
      {teammates.map((mate) => (
        <option key={mate.handle} value={mate.handle}>
          {mate.name === mate.handle ? mate.handle : `${mate.name} (${mate.handle})`}
        </option>
      ))}
    </select>
  );
}

function Notes({
  triage,
  names,
  me,
  busy,
  onWrite,
}: {
  triage: AlarmTriage;
  names: Record<string, string>;
  me: string | null;
  busy: boolean;
  /** `done` runs once the write succeeded: a draft is kept until then. */
  onWrite: (write: Write, done?: () => void) => void;
}) {
  const [draft, setDraft] = useState("");
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const noteId = useId();
  const now = useNow(30_000);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">
        Notes{triage.notes.length > 0 ? ` (${triage.notes.length})` : ""}
      </h3>
      {triage.notes.length > 0 ? (
        <ol className="flex flex-col gap-2" data-triage-notes>
          {triage.notes.map((note) => {
            const own = note.author === me && now - note.at < NOTE_EDIT_WINDOW_MS;
            return (
              <li
                key={note.id}
                className="rounded border border-slate-200 px-2 py-1.5 dark:border-slate-700"
                data-note={note.id}
              >
                <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600 dark:text-slate-400">
                  <span className="font-medium text-slate-800 dark:text-slate-200">
                    {displayName(note.author, names)}
                  </span>
                  <TimeText ms={note.at} className="font-mono" />
                  {note.editedAt !== null ? <span>(edited)</span> : null}
                  {own && editing?.id !== note.id ? (
                    <span className="ml-auto flex gap-2">
                      <button
                        type="button"
                        className="underline"
                        onClick={() => setEditing({ id: note.id, text: note.text })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="underline"
                        disabled={busy}
                        onClick={() => {
                          if (window.confirm("Delete this note? The history keeps its text.")) {
                            onWrite({ part: `/notes/${note.id}`, method: "DELETE" });
                          }
                        }}
                      >
                        Delete
                      </button>
                    </span>
                  ) : null}
                </div>
                {editing?.id === note.id ? (
                  <form
                    className="mt-1 flex flex-col gap-1"
                    onSubmit={(event) => {
                      event.preventDefault();
                      onWrite(
                        {
                          part: `/notes/${note.id}`,
                          method: "PATCH",
                          body: { text: editing.text },
                        },
                        () => setEditing(null),
                      );
                    }}
                  >
                    <textarea
                      aria-label="Edit the note"
                      className="min-h-16 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                      maxLength={NOTE_MAX_CHARS}
                      value={editing.text}
                      onChange={(event) => setEditing({ id: note.id, text: event.target.value })}
                    />
                    <span className="flex gap-1.5">
                      <button
                        type="submit"
                        className="btn-primary"
                        disabled={busy || !editing.text.trim()}
                      >
                        Save
                      </button>
                      <button type="button" className="btn" onClick={() => setEditing(null)}>
                        Cancel
                      </button>
                    </span>
                  </form>
                ) : (
                  <NoteText text={note.text} />
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (!draft.trim()) return;
          onWrite({ part: "/notes", method: "POST", body: { text: draft } }, () => setDraft(""));
        }}
      >
        <label htmlFor={noteId} className="sr-only">
          A note for the team
        </label>
        <textarea
          id={noteId}
          placeholder="A note for the team (plain text; links become clickable)"
          className="min-h-16 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
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
    </div>
  );
}
