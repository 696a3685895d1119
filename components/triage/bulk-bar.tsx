"use client";
// The list's bulk actions: on the rows chosen, or on every alarm of the view. A view's count is
// asked first and shown for confirmation, with the range it is frozen to; the action then applies
// to exactly that view and count, and says what it did ("1,200 done · 4 skipped: a teammate has
// them"). Nobody's alarm is taken from them in bulk. Rows the action made leave the view (closed
// on a view of open ones) stay where they are until the analyst asks: "32 no longer match ·
// Refresh", so nothing moves under the pointer.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { countOf, formatCount } from "@/lib/shared/alarms/format";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import { alarmKeys, triageKeys } from "@/lib/shared/queries/keys";
import { teammatesQueryOptions } from "@/lib/shared/queries/triage-options";
import { BulkActions } from "./bulk-actions";
import { BulkConfirm } from "./bulk-confirm";
import { postBulk, reportOf, viewTotal, type BulkAction, type PendingBulk } from "./bulk-write";
import { useSelection } from "./selection";

export function BulkBar({
  deployment,
  view,
  total,
  teamOf,
}: {
  /** A deployment whose teammates to offer (the queue: the first of its deployments). */
  teamOf: string;
  /** The list's path segment: a deployment's key, or the scope's for several or every one. */
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
  const [pending, setPending] = useState<PendingBulk | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const [noteText, setNoteText] = useState("");
  /** Alarms that left the view since the action (the list not read again yet). */
  const [left, setLeft] = useState<number | null>(null);
  if (!selection?.selecting) return null;
  const refreshList = () => {
    setLeft(null);
    void client.invalidateQueries({ queryKey: [...alarmKeys.all, deployment, "list"] });
  };
  /** After an action: the list read again when no row leaves it, else how many left. */
  const afterAction = async (done: number) => {
    const now =
      total !== null && done > 0 ? await viewTotal(deployment, view).catch(() => null) : null;
    if (total !== null && now !== null && now < total) setLeft(total - now);
    else refreshList();
  };
  const chosen = [...selection.chosen];

  const alarmsOf = () =>
    chosen.map((id) => (isEverySegment(deployment) ? id : id.slice(id.indexOf(":") + 1)));

  const start = async (action: BulkAction, label: string) => {
    setMessage(null);
    setLeft(null);
    if (!wholeView) {
      setPending({ action, label, target: { alarms: alarmsOf() } });
      return;
    }
    setBusy(true);
    try {
      const counted = await postBulk(deployment, { view, action, dryRun: true });
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
      const answer = await postBulk(deployment, body);
      setMessage({ text: reportOf(answer), problem: false });
      setPending(null);
      selection.clear();
      setWholeView(false);
      setNoteText("");
      void client.invalidateQueries({ queryKey: triageKeys.all });
      await afterAction(answer.done ?? 0);
    } catch (error) {
      setMessage({ text: (error as Error).message, problem: true });
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

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
      <BulkActions
        me={team.data?.me}
        teammates={team.data?.teammates}
        busy={busy}
        note={noteText}
        onNote={setNoteText}
        start={(action, verb) => void start(action, verb)}
      />
      {pending ? (
        <BulkConfirm
          pending={pending}
          chosen={chosen.length}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
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
      {left ? (
        <p className="flex flex-wrap items-center gap-2" role="status" data-bulk-left>
          {formatCount(left)} no longer {left === 1 ? "matches" : "match"} this view
          <button type="button" className="underline" onClick={refreshList}>
            Refresh
          </button>
        </p>
      ) : null}
    </div>
  );
}
