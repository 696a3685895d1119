"use client";
// The team's triage of the alarm on its detail: who has it (take it, give it to a teammate,
// release it), whether it was acknowledged and by whom, the notes, and its history. Another
// analyst's change shows here as it happens ("Alice took this alarm"), through the live stream.

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { asApiError } from "@/lib/shared/queries/query-options";
import { teammatesQueryOptions, triageQueryOptions } from "@/lib/shared/queries/triage-options";
import type { Teammate } from "@/lib/shared/triage/types";
import { Acknowledgement } from "./acknowledgement";
import { noticeText } from "./notice-text";
import { OwnerControls } from "./owner-controls";
import { TriageHistory } from "./triage-history";
import { TriageNotes } from "./triage-notes";
import { useTriageLive } from "./use-triage-live";
import { useTriageWrite } from "./use-triage-write";

export function TriagePanel({ deployment, uuid }: { deployment: string; uuid: string }) {
  const triage = useQuery(triageQueryOptions(deployment, uuid));
  const team = useQuery(teammatesQueryOptions(deployment));
  const me = team.data?.me ?? null;
  const [news, setNews] = useState<string | null>(null);
  const headingId = useId();

  const live = useTriageLive((notice) => {
    if (notice.deployment !== deployment || !notice.uuids.includes(uuid.toLowerCase())) return;
    if (notice.analyst === me || notice.action === "opened") return;
    setNews(noticeText(notice, triage.data?.names ?? {}));
  });

  const { write, busy, problem } = useTriageWrite(deployment, uuid);

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
        />
        <Acknowledgement triage={data} names={names} busy={busy} write={write} />
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
