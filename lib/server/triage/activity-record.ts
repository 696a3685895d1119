import "server-only";
import type { Kysely } from "kysely";
import { EVERY_DEPLOYMENT_SEGMENT, type AuditAction } from "@/lib/shared/triage/audit";
import type { Database } from "@/lib/server/db";

// The audit rows of what happens to no alarm: an export, a saved view saved, changed, shared,
// deleted, made the default. Each names the scope's path segment as its deployment (a key, or
// "all") and no alarm, so an alarm's history never shows it; a row of "all" keeps the keys it
// covered in `after.deployments`, so the activity page shows it only to whoever may see them all.

/** What the row is about: a deployment's key, or every deployment with the keys covered. */
export type AuditScope = { deployment: string } | { all: readonly string[] };

export interface ScopeAudit {
  analystId: string;
  scope: AuditScope;
  action: AuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  now: number;
}

/** Appends one audit row of an action on no alarm. */
export async function auditScope(db: Kysely<Database>, entry: ScopeAudit): Promise<void> {
  const all = "all" in entry.scope ? [...entry.scope.all] : null;
  const after = all && entry.after ? { ...entry.after, deployments: all } : entry.after;
  await db
    .insertInto("triage_audit")
    .values({
      at: entry.now,
      analyst_id: entry.analystId,
      deployment: "deployment" in entry.scope ? entry.scope.deployment : EVERY_DEPLOYMENT_SEGMENT,
      uuid: null,
      action: entry.action,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after:
        after === null
          ? all
            ? JSON.stringify({ deployments: all })
            : null
          : JSON.stringify(after),
    })
    .execute();
}
