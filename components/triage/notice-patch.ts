// A teammate's change, applied to the alarm's triage as shown the moment its notice arrives: the
// owner, the acknowledgement and the verdict change together with the news line, and the read
// that the notice also starts brings the rest (a reason, the history) and stays the truth.

import type { AlarmTriage, TriageNotice } from "@/lib/shared/triage/types";

export function patchFromNotice(triage: AlarmTriage, notice: TriageNotice): AlarmTriage {
  const by = { by: notice.analyst, at: notice.at };
  const names = { ...triage.names, [notice.analyst]: notice.analystName };
  switch (notice.action) {
    case "owner":
      return notice.owner === undefined ? triage : { ...triage, owner: notice.owner, names };
    case "acknowledged":
      if (notice.acknowledged === undefined) return triage;
      return { ...triage, acknowledged: notice.acknowledged ? by : null, names };
    case "closed": {
      if (!notice.verdict) return triage;
      const same = triage.closed?.verdict === notice.verdict;
      return {
        ...triage,
        // Closing acknowledges: the server did it in the same write.
        acknowledged: triage.acknowledged ?? by,
        closed: {
          ...by,
          verdict: notice.verdict,
          reason: same ? (triage.closed?.reason ?? "") : "",
          duplicateOf: same ? (triage.closed?.duplicateOf ?? null) : null,
        },
        names,
      };
    }
    case "reopened":
      return { ...triage, closed: null, names };
    default:
      return triage;
  }
}
