"use client";
// The list's bulk actions: on the rows chosen, or on every alarm of the view. A view's count is
// asked first and shown for confirmation, with the range it is frozen to; the action then applies
// to exactly that view and count, and says what it did ("1,200 done · 4 skipped: a teammate has
// them"). Nobody's alarm is taken from them in bulk.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { countOf, formatCount } from "@/lib/shared/alarms/format";
import { api } from "@/lib/shared/alarms/paths";
import { triageKeys } from "@/lib/shared/queries/keys";
import { teammatesQueryOptions } from "@/lib/shared/queries/triage-options";
import { sendJson } from "@/lib/shared/queries/http";
import { TimeText } from "@/components/ui/time-text";
import { useSelection } from "./selection";

type Action =
  | { type: "owner"; owner: string | null }
  | { type: "acknowledged"; acknowledged: boolean }
  | { type: "note"; text: string };

interface Answer {
  count: number;
  view: string;
  missing?: string[];
  done?: number;
  unchanged?: number;
  skipped?: { owned_by_another?: number; not_indexed?: number; failed?: number };
}

interface Pending {
  action: Action;
  label: string;
  /** Rows chosen, or the whole view (counted, frozen). */
  target: { alarms: string[] } | { counted: Answer };
}

/** A bulk write (or a view's count): what the server did, or our ApiError. */
function post(deployment: string, body: object): Promise<Answer> {
  return sendJson<Answer>("POST", api.triageSummaries(deployment, ""), { body });
}

function reportOf(answer: Answer): string {
  const parts = [`${formatCount(answer.done ?? 0)} done`];
  if (answer.unchanged) parts.push(`${formatCount(answer.unchanged)} already so`);
  const owned = answer.skipped?.owned_by_another;
  if (owned) parts.push(`${formatCount(owned)} skipped: a teammate has them`);
  const failed = answer.skipped?.failed;
  if (failed) parts.push(`${formatCount(failed)} failed (a full alarm, say): try them again`);
  const notIndexed = answer.skipped?.not_indexed;
  if (notIndexed) parts.push(`${formatCount(notIndexed)} skipped: not indexed yet`);
  return parts.join(" · ");
}

export function BulkBar({
  deployment,
  view,
  total,
  teamOf,
}: {
  /** A deployment whose teammates to offer (the queue: the first of its deployments). */
  teamOf: string;
  /** The list's deployment key, or "all" for the queue. */
  deployment: string;
  /** The view's query string as the list's API reads it. */
  view: string;
  /** The view's alarm count as the list shows it. */
  total: number | null;
}) {
  const selection = useSelection();
  const client = useQueryClient();
  const team = useQuery(teammatesQueryOptions(teamOf));
  const [wholeView, setWholeView] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const [noteText, setNoteText] = useState("");
  if (!selection?.selecting) return null;
  const chosen = [...selection.chosen];
  const me = team.data?.me;

  const alarmsOf = () =>
    chosen.map((id) => (deployment === "all" ? id : id.slice(id.indexOf(":") + 1)));

  const start = async (action: Action, label: string) => {
    setMessage(null);
    if (!wholeView) {
      setPending({ action, label, target: { alarms: alarmsOf() } });
      return;
    }
    setBusy(true);
    try {
      const counted = await post(deployment, { view, action, dryRun: true });
      setPending({ action, label, target: { counted } });
    } catch (error) {
      setMessage({ text: (error as Error).message, problem: true });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const body =
        "alarms" in pending.target
          ? { view, alarms: pending.target.alarms, action: pending.action }
          : {
              view: pending.target.counted.view,
              expect: pending.target.counted.count,
              action: pending.action,
            };
      const answer = await post(deployment, body);
      setMessage({ text: reportOf(answer), problem: false });
      setPending(null);
      selection.clear();
      setWholeView(false);
      setNoteText("");
      void client.invalidateQueries({ queryKey: triageKeys.all });
    } catch (error) {
      setMessage({ text: (error as Error).message, problem: true });
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  const count =
    pending && "counted" in pending.target ? pending.target.counted.count : chosen.length;
  const frozen =
    pending && "counted" in pending.target
      ? new URLSearchParams(pending.target.counted.view)
      : null;
  return (
    <div
      className="panel flex flex-col gap-2 border-blue-300 px-3 py-2 text-sm dark:border-blue-800"
      role="region"
      aria-label="Bulk actions"
      data-bulk-bar
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-bulk-scope>
          {wholeView
            ? `Every alarm of this view${total !== null ? ` (${formatCount(total)})` : ""}`
            : `${formatCount(chosen.length)} chosen`}
        </span>
        {!wholeView && total !== null && total > 0 ? (
          <button type="button" className="underline" onClick={() => setWholeView(true)}>
            {total === 1
              ? "Choose the 1 alarm of this view"
              : `Choose all ${countOf(total, "alarm")} of this view`}
          </button>
        ) : null}
        <button
          type="button"
          className="underline"
          onClick={() => {
            selection.clear();
            setWholeView(false);
            setPending(null);
          }}
        >
          Clear
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {me ? (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void start({ type: "owner", owner: me }, "Take")}
          >
            Take
          </button>
        ) : null}
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void start({ type: "owner", owner: null }, "Release")}
        >
          Release
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void start({ type: "acknowledged", acknowledged: true }, "Acknowledge")}
        >
          Acknowledge
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() =>
            void start(
              { type: "acknowledged", acknowledged: false },
              "Take back the acknowledgement of",
            )
          }
        >
          Unacknowledge
        </button>
        {team.data && team.data.teammates.length > 0 ? (
          <select
            aria-label="Assign the chosen alarms to"
            className="rounded border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
            value=""
            disabled={busy}
            onChange={(event) => {
              const handle = event.target.value;
              if (handle) void start({ type: "owner", owner: handle }, `Assign to ${handle}`);
            }}
          >
            <option value="">Assign to…</option>
            {team.data.teammates.map((mate) => (
              <option key={mate.handle} value={mate.handle}>
                {mate.name}
              </option>
            ))}
          </select>
        ) : null}
        <input
          aria-label="A note for the chosen alarms"
          placeholder="A note for all of them"
          className="min-w-48 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
          value={noteText}
          maxLength={10_000}
          onChange={(event) => setNoteText(event.target.value)}
        />
        <button
          type="button"
          className="btn"
          disabled={busy || !noteText.trim()}
          onClick={() => void start({ type: "note", text: noteText }, "Add the note to")}
        >
          Add note
        </button>
      </div>
      {pending ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded bg-amber-50 px-2 py-1.5 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
          role="alertdialog"
          aria-label="Confirm the bulk action"
          data-bulk-confirm
        >
          <span>
            {pending.label} {formatCount(count)} {count === 1 ? "alarm" : "alarms"}
            {frozen ? (
              <>
                {" "}
                occurred{" "}
                {frozen.get("timestamp_occured_gte") ? (
                  <>
                    from{" "}
                    <TimeText
                      ms={Number(frozen.get("timestamp_occured_gte"))}
                      className="font-mono text-xs"
                    />{" "}
                  </>
                ) : null}
                up to{" "}
                <TimeText
                  ms={Number(frozen.get("timestamp_occured_lte"))}
                  className="font-mono text-xs"
                />
              </>
            ) : null}
            ?
            {pending && "counted" in pending.target && pending.target.counted.missing ? (
              <>
                {" "}
                The index does not hold all of {pending.target.counted.missing.join(", ")} over this
                range.
              </>
            ) : null}
          </span>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || count === 0}
            onClick={() => void confirm()}
          >
            Confirm
          </button>
          <button type="button" className="btn" onClick={() => setPending(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      {message ? (
        <p
          role={message.problem ? "alert" : "status"}
          data-bulk-report
          className={message.problem ? "text-amber-800 dark:text-amber-300" : ""}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
