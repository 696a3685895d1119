import "server-only";
import type { NextRequest } from "next/server";
import { listPath } from "@/lib/shared/alarms/paths";
import type { ExportFormat } from "@/lib/shared/export/contract";
import type { DatabaseState } from "@/lib/server/db";
import type { ExportRequest } from "@/lib/server/export/stream";
import { teamReader } from "@/lib/server/export/team-columns";
import { auditScope, type AuditScope } from "@/lib/server/triage/activity-record";

// What an export takes of the console's database (issue 37): the team's columns of each batch,
// whichever source the alarms come from, and the audit row of the export once it ends (who, which
// view of which scope, the format, the rows written, how it ended). Without a database (tests
// that hand none, or none reachable) the export goes on: the team's columns stay empty, and the
// audit row that cannot be written is logged as missing.

export interface ExportTeamContext {
  analystId: string;
  /** The console's database; none: no team columns, no audit. */
  database?: () => Promise<DatabaseState>;
  /** The console's own origin (NEXTAUTH_URL); else the request's, as the route sees it. */
  origin?: string;
  /** When the export ends (its audit row's time). */
  now: () => number;
}

/** The view an export was of, as the audit names it: the list's path and its query. */
function viewOf(request: NextRequest, segment: string): string {
  const params = new URLSearchParams(request.nextUrl.searchParams);
  params.delete("format");
  params.delete("id");
  const query = params.toString();
  return `${listPath(segment)}${query ? `?${query}` : ""}`;
}

/** The team's columns and the audit of one export of `scope` (a key, or all with their keys). */
export async function exportTeam(
  request: NextRequest,
  target: { scope: AuditScope; format: ExportFormat },
  context: ExportTeamContext,
): Promise<Pick<ExportRequest, "team" | "onFinished">> {
  const state = await context.database?.();
  if (!state?.ok) return {};
  const { db } = state.database;
  const segment = "deployment" in target.scope ? target.scope.deployment : "all";
  const view = viewOf(request, segment);
  return {
    team: teamReader(db, context.origin ?? request.nextUrl.origin),
    onFinished: ({ state: outcome, rows }) =>
      auditScope(db, {
        analystId: context.analystId,
        scope: target.scope,
        action: "exported",
        before: null,
        after: { view, format: target.format, rows, state: outcome },
        now: context.now(),
      }),
  };
}
