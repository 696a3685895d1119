"use client";
// The team's triage of the alarm on its detail: who has it (take it, give it to a teammate,
// release it), whether it was acknowledged and by whom, whether the team closed it and with what
// verdict (close, reopen), the notes, and its history. Another analyst's change shows here as it
// happens ("Alice took this alarm"), through the live stream, the state changing with the news.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { triageKeys } from "@/lib/shared/queries/keys";
import { asApiError } from "@/lib/shared/queries/query-options";
import { teammatesQueryOptions, triageQueryOptions } from "@/lib/shared/queries/triage-options";
import type { AlarmTriage, Teammate } from "@/lib/shared/triage/types";
import { Acknowledgement } from "./acknowledgement";
import { CloseControl } from "./close-control";
import { ClosedState } from "./closed-state";
import { LabelState } from "./label-state";
import { patchFromNotice } from "./notice-patch";
import { noticeText } from "./notice-text";
import { OwnerControls } from "./owner-controls";
import { TriageHistory } from "./triage-history";
import { TriageNotes } from "./triage-notes";
import { useTriageKeys } from "./use-triage-keys";
import { useTriageLive } from "./use-triage-live";
import { useTriageWrite } from "./use-triage-write";

export function TriagePanel({ deployment, uuid }: { deployment: string; uuid: string }) {
  const triage = useQuery(triageQueryOptions(deployment, uuid));
  const team = useQuery(teammatesQueryOptions(deployment));
  const me = team.data?.me ?? null;
  const client = useQueryClient();
  const [news, setNews] = useState<string | null>(null);
  /** The dialog open: the close form, or the take-over's question. */
  const [asking, setAsking] = useState<"close" | "take" | null>(null);
  const headingId = useId();

  const live = useTriageLive((notice) => {
    if (notice.deployment !== deployment || !notice.uuids.includes(uuid.toLowerCase())) return;
    if (notice.analyst === me || notice.action === "opened") return;
    // The state shown and the news line change together; the read the notice started follows.
    client.setQueryData<AlarmTriage>(
      triageKeys.alarm(deployment, uuid),
      (shown) => shown && patchFromNotice(shown, notice),
    );
    setNews(noticeText(notice, triage.data?.names ?? {}));
  });

  const { write, busy, problem } = useTriageWrite(deployment, uuid);
  const data = triage.data;
  const ready = data !== undefined && me !== null && !busy;
  useTriageKeys({
    t: ready && data.owner !== me ? () => (data.owner ? setAsking("take") : takeIt()) : undefined,
    a: ready && !data.acknowledged ? () => acknowledge() : undefined,
    c: ready && !data.closed ? () => setAsking("close") : undefined,
  });
  function takeIt() {
    if (me)
      write({ part: "/owner", method: "PUT", body: { owner: me, from: data?.owner ?? null } });
  }
  function acknowledge() {
    write({ part: "/acknowledged", method: "PUT", body: { acknowledged: true } });
  }

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
  const names = { ...data?.names, ...(me && team.data ? namesOf(team.data.teammates) : {}) };

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
        <OwnerControls
          owner={data?.owner ?? null}
          me={me}
          loaded={data !== undefined}
          teammates={team.data?.teammates}
          names={names}
          busy={busy}
          write={write}
          asking={asking === "take"}
          onAsk={(yes) => setAsking(yes ? "take" : null)}
        />
        <Acknowledgement triage={data} names={names} busy={busy} write={write} />
        {data && !data.closed ? (
          <CloseControl
            deployment={deployment}
            uuid={uuid}
            open={asking === "close"}
            onOpen={(yes) => setAsking(yes ? "close" : null)}
            busy={busy}
            write={write}
          />
        ) : null}
      </div>
      {data?.closed ? (
        <ClosedState
          closed={data.closed}
          labelState={<LabelState label={data.label} retry={{ write, busy }} />}
          deployment={deployment}
          names={names}
          busy={busy}
          onReopen={() => write({ part: "/closed", method: "DELETE" })}
        />
      ) : data && data.label.state !== "written" ? (
        // Reopened: the label's removal, while it waits or when it failed.
        <LabelState label={data.label} retry={{ write, busy }} />
      ) : null}
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
      {data ? <TriageNotes triage={data} names={names} me={me} busy={busy} write={write} /> : null}
      {data && data.history.length > 0 ? (
        <TriageHistory history={data.history} names={names} />
      ) : null}
    </section>
  );
}

function namesOf(teammates: readonly Teammate[]): Record<string, string> {
  return Object.fromEntries(teammates.map((mate) => [mate.handle, mate.name]));
}
