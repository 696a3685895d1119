"use client";
// The team's keys on the list's focused row: t takes it, a acknowledges it, x chooses it for a
// bulk action, c closes it (in the close dialog). Each writes through the
// alarm's own triage routes, as its panel does, and says what it did (or why not) in a status
// line, since the row itself only changes when the triage is read again.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { api } from "@/lib/shared/alarms/paths";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { triageKeys } from "@/lib/shared/queries/keys";
import { sendJson } from "@/lib/shared/queries/http";
import { asApiError } from "@/lib/shared/queries/query-options";
import { teammatesQueryOptions } from "@/lib/shared/queries/triage-options";
import { displayName, type AlarmTriage } from "@/lib/shared/triage/types";
import { ROW_KEYS, hasModifier, isTyping } from "@/components/keyboard";
import { RowCloseDialog } from "@/components/triage/lazy-row-close-dialog";
import { useSelection } from "@/components/triage/selection";
import { useTriageSummaries } from "@/components/triage/triage-summaries";

/** The alarm of the focused row or card, by its place among its siblings (the page's order). */
function focusedAlarm(alarms: readonly AlarmSummary[]): AlarmSummary | undefined {
  const row = document.activeElement?.closest("[data-alarm-row], [data-alarm-card]");
  if (!row?.parentElement) return undefined;
  return alarms[[...row.parentElement.children].indexOf(row)];
}

/** The keys on `alarms`' rows; c opens the close dialog of the focused row's alarm. */
export function RowKeys({ alarms }: { alarms: readonly AlarmSummary[] }) {
  const client = useQueryClient();
  const selection = useSelection();
  const summaries = useTriageSummaries();
  const [said, say] = useState("");
  const [closing, setClosing] = useState<AlarmSummary | null>(null);
  const onClose = (alarm: AlarmSummary) => {
    const verdict = summaries.of(alarm)?.verdict;
    if (verdict) say("The team closed it already: open it to reopen it.");
    else setClosing(alarm);
  };
  // The handler reads the latest of these without being added again on each render.
  const latest = useRef({ alarms, onClose, selection, summaries });
  useEffect(() => {
    latest.current = { alarms, onClose, selection, summaries };
  });

  useEffect(() => {
    const write = async (alarm: AlarmSummary, part: string, body: object, done: string) => {
      try {
        await sendJson<AlarmTriage>("PUT", api.triage(alarm.deployment, alarm.uuid, part), {
          body,
        });
        say(done);
      } catch (error) {
        say(asApiError(error).message);
      } finally {
        void client.invalidateQueries({ queryKey: triageKeys.all });
      }
    };

    const take = async (alarm: AlarmSummary) => {
      const { of, names } = latest.current.summaries;
      const owner = of(alarm)?.owner ?? null;
      const { me } = await client.fetchQuery(teammatesQueryOptions(alarm.deployment));
      if (owner === me) return say("You have it already.");
      // A teammate's alarm is taken over on its own page, where it says from whom.
      if (owner) return say(`${displayName(owner, names)} has it: open it to take it over.`);
      await write(alarm, "/owner", { owner: me, from: null }, "Taken: you have it.");
    };

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasModifier(event) || event.shiftKey) return;
      if (isTyping(event.target)) return;
      // Only with the focus on a row (a dialog or menu open has it elsewhere).
      const { alarms, onClose, selection } = latest.current;
      const alarm = focusedAlarm(alarms);
      if (!alarm) return;
      switch (event.key) {
        case ROW_KEYS.take:
          event.preventDefault();
          take(alarm).catch((error: unknown) => say(asApiError(error).message));
          return;
        case ROW_KEYS.acknowledge:
          event.preventDefault();
          void write(alarm, "/acknowledged", { acknowledged: true }, "Acknowledged.");
          return;
        case ROW_KEYS.select:
          if (!selection) return;
          event.preventDefault();
          selection.setSelecting(true);
          selection.toggle(alarm);
          return;
        case ROW_KEYS.close:
          event.preventDefault();
          onClose(alarm);
          return;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [client]);

  return (
    <>
      <p
        role="status"
        className="text-xs text-slate-700 empty:hidden dark:text-slate-300"
        data-row-keys-status
      >
        {said}
      </p>
      {closing ? (
        <RowCloseDialog
          alarm={closing}
          onDone={(done) => {
            setClosing(null);
            if (done) say(done);
          }}
        />
      ) : null}
    </>
  );
}
