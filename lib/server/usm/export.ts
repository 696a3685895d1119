import "server-only";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { alarmPageFromUpstream } from "./alarms";
import type { UsmClient } from "./client";
import { ALARMS_PATH, readOf, upstreamParams } from "./upstream-query";

// An export's read of one page of a view, in the budget's export class: after every analyst's
// read, in a gap in analysts' reads, never cached. Events are counted, not kept: an export writes
// none (the list's tolerant schema checks them to be a list and no deeper).

export interface ExportPage {
  alarms: AlarmSummary[];
  /** The view's count between its bounds, as the upstream said with this page. */
  total: number;
}

/** One page of `query` (range resolved, upper bound frozen) at `size` alarms. */
export async function readExportPage(
  query: AlarmListQuery,
  size: number,
  client: UsmClient,
): Promise<ExportPage> {
  const read = readOf(query, size);
  const answer = await client.read(
    "export-page",
    ALARMS_PATH,
    upstreamParams(read),
    (json) => {
      const page = alarmPageFromUpstream(json, read, client.source, Date.now());
      return { alarms: page.alarms, total: page.page.totalElements };
    },
    { budget: "export", analyst: "(export)" },
    { ttlMs: 0 },
  );
  return answer.value();
}
