import "server-only";
import type { Kysely, Selectable } from "kysely";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { listPath, listPathDeployment } from "@/lib/shared/alarms/paths";
import { ApiError } from "@/lib/shared/core/errors";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import type { AuditAction } from "@/lib/shared/triage/audit";
import type { ViewKind } from "@/lib/shared/triage/saved-views";
import type { Database } from "@/lib/server/db";
import type { SavedViewsTable } from "@/lib/server/db/schema";
import { auditScope, type AuditScope } from "./activity-record";
import { inTransaction } from "./alarm-row";
import { mayOpen, viewDeployments, type Viewer } from "./view-path";

// An analyst's default views and the audit of saved views. One default per analyst per kind: a
// saved view of one deployment's list is the default of every deployment's bare list (opened on
// that deployment with the view's query), a saved view of the queue the default of the queue.
// A default is the analyst's own view or a teammate's shared one they may open; it goes when its
// view is deleted, unshared (for everyone but its maker) or repointed to the other kind, in the
// transaction that changes the view; read, a default the analyst may no longer open is ignored.

type ViewRow = Selectable<SavedViewsTable>;

const BASE = "http://console.invalid";

/** The kind of list a (canonical) saved view is. */
export function viewKind(view: string): ViewKind {
  const segment = listPathDeployment(new URL(view, BASE).pathname) ?? "";
  return isEverySegment(segment) ? "all" : "deployment";
}

/** Whose a saved view's audit row is: its deployment, or every one it covers. */
function scopeOfView(view: string, visible: readonly string[]): AuditScope {
  if (viewKind(view) === "deployment") return { deployment: viewDeployments(view)[0]! };
  const named = viewDeployments(view);
  return { all: named.length > 0 ? named : visible };
}

const described = (row: ViewRow) => ({
  id: row.id,
  name: row.name,
  view: row.view,
  shared: row.shared,
});

/** Appends the audit row of a change to a saved view (the scope of the view after, or before). */
export function auditView(
  db: Kysely<Database>,
  viewer: Viewer,
  action: AuditAction,
  rows: { before: ViewRow | null; after: ViewRow | null },
  now: number,
): Promise<void> {
  const { before, after } = rows;
  return auditScope(db, {
    analystId: viewer.analyst.id,
    scope: scopeOfView((after ?? before)!.view, viewer.visible),
    action,
    before: before && described(before),
    after: after && described(after),
    now,
  });
}

/** The ids of the analyst's default views. */
export async function defaultIdsOf(db: Kysely<Database>, ownerId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("view_defaults")
    .select("view_id")
    .where("owner_id", "=", ownerId)
    .execute();
  return new Set(rows.map((row) => row.view_id));
}

/** Defaults a change to the view ends: everyone's if deleted or repointed, others' if unshared. */
export async function dropDefaults(
  db: Kysely<Database>,
  before: ViewRow,
  after: ViewRow | null,
): Promise<void> {
  const gone = after === null || viewKind(after.view) !== viewKind(before.view);
  if (!gone && (after.shared || !before.shared)) return;
  await db
    .deleteFrom("view_defaults")
    .where("view_id", "=", before.id)
    .$if(!gone, (query) => query.where("owner_id", "<>", before.owner_id))
    .execute();
}

/** The view `id` names if the viewer may open it (their own, or shared and in reach); else 404. */
async function openable(db: Kysely<Database>, viewer: Viewer, id: string): Promise<ViewRow> {
  const row = isAlarmUuid(id)
    ? await db
        .selectFrom("saved_views")
        .selectAll()
        .where("id", "=", id.toLowerCase())
        .executeTakeFirst()
    : undefined;
  const mine = row?.owner_id === viewer.analyst.id;
  if (!row || (!mine && !(row.shared && mayOpen(row, viewer.visible)))) {
    throw new ApiError("not_found", "There is no such saved view.");
  }
  return row;
}

/** Makes the view the viewer's default of its kind (replacing the one before). */
export async function setDefault(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  now: number,
): Promise<{ default: string; kind: ViewKind }> {
  const row = await openable(db, viewer, id);
  const kind = viewKind(row.view);
  await inTransaction(db, async (tx) => {
    const was = await tx
      .selectFrom("view_defaults")
      .select("view_id")
      .where("owner_id", "=", viewer.analyst.id)
      .where("kind", "=", kind)
      .forUpdate()
      .executeTakeFirst();
    if (was?.view_id === row.id) return; // a write that changes nothing records nothing
    await tx
      .insertInto("view_defaults")
      .values({ owner_id: viewer.analyst.id, kind, view_id: row.id, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(["owner_id", "kind"]).doUpdateSet({ view_id: row.id, updated_at: now }),
      )
      .execute();
    await auditView(tx, viewer, "view_default_set", { before: null, after: row }, now);
  });
  return { default: row.id, kind };
}

/** Stops using the view as the viewer's default (nothing if it was not). */
export async function clearDefault(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  now: number,
): Promise<void> {
  const row = await openable(db, viewer, id);
  await inTransaction(db, async (tx) => {
    const cleared = await tx
      .deleteFrom("view_defaults")
      .where("owner_id", "=", viewer.analyst.id)
      .where("view_id", "=", row.id)
      .executeTakeFirst();
    if (Number(cleared.numDeletedRows) === 0) return;
    await auditView(tx, viewer, "view_default_cleared", { before: row, after: null }, now);
  });
}

/**
 * Where the viewer's bare list of `segment` (a deployment's key, or "all") opens: their default
 * of its kind, if they may still open it, on that deployment; null for none.
 */
export async function defaultPathFor(
  db: Kysely<Database>,
  viewer: Viewer,
  segment: string,
): Promise<string | null> {
  const kind: ViewKind = isEverySegment(segment) ? "all" : "deployment";
  const row = await db
    .selectFrom("view_defaults as d")
    .innerJoin("saved_views as v", "v.id", "d.view_id")
    .selectAll("v")
    .where("d.owner_id", "=", viewer.analyst.id)
    .where("d.kind", "=", kind)
    .executeTakeFirst();
  if (!row || viewKind(row.view) !== kind) return null;
  const mine = row.owner_id === viewer.analyst.id;
  if (!(mine || row.shared) || !mayOpen(row, viewer.visible)) return null;
  // A view of the bare list itself opens as it is (a redirect to the same address would loop).
  const { search } = new URL(row.view, BASE);
  if (search === "") return null;
  return kind === "all" ? row.view : `${listPath(segment)}${search}`;
}
