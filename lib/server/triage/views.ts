import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import { MAX_VIEWS, VIEW_NAME_MAX, type SavedView } from "@/lib/shared/triage/saved-views";
import type { Database } from "@/lib/server/db";
import type { SavedViewsTable } from "@/lib/server/db/schema";
import { handleOf, namesOfIds } from "./analysts";
import { inTransaction } from "./alarm-row";
import { auditView, defaultIdsOf, dropDefaults } from "./view-defaults";
import { mayOpen, readViewPath, type Viewer } from "./view-path";

export type { Viewer };

// Saved views: a list's address under a name, the owner's alone or shared with the team. Anyone
// sees their own and the team's shared ones, but never one pointing at a deployment they may not
// see (it would tell of the deployment, and open on a 404); only the owner changes or deletes
// one, and someone else's private view is answered as one that does not exist.

export interface ViewFields {
  name: string;
  view: string;
  shared: boolean;
}

/** The team's shared views one list holds at most (the newest first, before any is left out). */
const MAX_SHARED = 1_000;

type Row = Selectable<SavedViewsTable>;

const notFound = () => new ApiError("not_found", "There is no such saved view.");

/** A name trimmed, 1 to VIEW_NAME_MAX characters of text; invalid_request naming `name`. */
function readName(raw: string): string {
  const name = raw.trim();
  const wrong = (message: string) => new ApiError("invalid_request", message, { param: "name" });
  if (name.length === 0) throw wrong("name: a view needs a name.");
  if (name.length > VIEW_NAME_MAX) throw wrong(`name holds at most ${VIEW_NAME_MAX} characters.`);
  if (/[\u0000-\u001f\u007f]/.test(name)) throw wrong("name must not hold control characters.");
  return name.toWellFormed();
}

/** Whether a unique index refused the write (a name the owner already has). */
const isTaken = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

const nameTaken = (name: string) =>
  new ApiError("conflict", `You already have a view named "${name}".`, { param: "name" });

async function shapeRows(
  db: Kysely<Database>,
  viewer: Viewer,
  rows: readonly Row[],
): Promise<SavedView[]> {
  const names = await namesOfIds(
    db,
    rows.map((row) => row.owner_id),
  );
  const defaults = await defaultIdsOf(db, viewer.analyst.id);
  return rows.map((row) => {
    const mine = row.owner_id === viewer.analyst.id;
    const owner = names.get(row.owner_id);
    const handle = owner?.handle ?? (mine ? handleOf(viewer.analyst) : row.owner_id);
    return {
      id: row.id,
      name: row.name,
      view: row.view,
      shared: row.shared,
      owner: handle,
      ownerName: owner?.name ?? (mine ? viewer.analyst.name || handle : handle),
      mine,
      updatedAt: Number(row.updated_at),
      isDefault: defaults.has(row.id),
    };
  });
}

const byName = (a: SavedView, b: SavedView) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);

/** The viewer's own views and the team's shared ones they may open, each by name. */
export async function listViews(db: Kysely<Database>, viewer: Viewer): Promise<SavedView[]> {
  const own = await db
    .selectFrom("saved_views")
    .selectAll()
    .where("owner_id", "=", viewer.analyst.id)
    .limit(MAX_VIEWS)
    .execute();
  const shared = await db
    .selectFrom("saved_views")
    .selectAll()
    .where("shared", "=", true)
    .where("owner_id", "<>", viewer.analyst.id)
    .orderBy("updated_at", "desc")
    .limit(MAX_SHARED)
    .execute();
  const views = await shapeRows(db, viewer, [
    ...own,
    ...shared.filter((row) => mayOpen(row, viewer.visible)),
  ]);
  return views.sort(byName);
}

/** Saves a view under a name of the viewer's own (409 if they have it, or MAX_VIEWS views). */
export async function createView(
  db: Kysely<Database>,
  viewer: Viewer,
  fields: ViewFields,
  now: number,
): Promise<SavedView> {
  const name = readName(fields.name);
  const view = readViewPath(fields.view, viewer.visible);
  const { count } = await db
    .selectFrom("saved_views")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("owner_id", "=", viewer.analyst.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_VIEWS) {
    throw new ApiError(
      "conflict",
      `You have ${MAX_VIEWS} saved views, as many as the console keeps: delete one first.`,
    );
  }
  const row: Row = {
    id: randomUUID(),
    owner_id: viewer.analyst.id,
    name,
    view,
    shared: fields.shared,
    created_at: now,
    updated_at: now,
  };
  try {
    await inTransaction(db, async (tx) => {
      await tx.insertInto("saved_views").values(row).execute();
      await auditView(tx, viewer, "view_saved", { before: null, after: row }, now);
    });
  } catch (error) {
    throw isTaken(error) ? nameTaken(name) : error;
  }
  const [saved] = await shapeRows(db, viewer, [row]);
  return saved!;
}

/**
 * The view `id` names, for its owner to change: 403 for someone else's shared view (they may see
 * it), 404 for one they may not see at all.
 */
async function ownView(db: Kysely<Database>, viewer: Viewer, id: string): Promise<Row> {
  if (!isAlarmUuid(id)) throw notFound();
  const row = await db
    .selectFrom("saved_views")
    .selectAll()
    .where("id", "=", id.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.owner_id === viewer.analyst.id) return row;
  if (!row.shared || !mayOpen(row, viewer.visible)) throw notFound();
  throw new ApiError("forbidden", "Only the analyst who saved this view may change it.");
}

/** Renames the view, points it at another list or shares or unshares it: its owner only. */
export async function changeView(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  fields: Partial<ViewFields>,
  now: number,
): Promise<SavedView> {
  const row = await ownView(db, viewer, id);
  const name = fields.name === undefined ? undefined : readName(fields.name);
  const view = fields.view === undefined ? undefined : readViewPath(fields.view, viewer.visible);
  const changed: Row = {
    ...row,
    name: name ?? row.name,
    view: view ?? row.view,
    shared: fields.shared ?? row.shared,
    updated_at: now,
  };
  try {
    await inTransaction(db, async (tx) => {
      await tx
        .updateTable("saved_views")
        .set({
          name: changed.name,
          view: changed.view,
          shared: changed.shared,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .where("owner_id", "=", viewer.analyst.id)
        .execute();
      await dropDefaults(tx, row, changed);
      const same = changed.name === row.name && changed.view === row.view;
      if (same && changed.shared === row.shared) return; // nothing changed: nothing recorded
      await auditView(tx, viewer, "view_changed", { before: row, after: changed }, now);
    });
  } catch (error) {
    throw isTaken(error) ? nameTaken(changed.name) : error;
  }
  const [saved] = await shapeRows(db, viewer, [changed]);
  return saved!;
}

/** Deletes the view, and every analyst's default on it: its owner only. */
export async function deleteView(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  now: number,
): Promise<void> {
  const row = await ownView(db, viewer, id);
  await inTransaction(db, async (tx) => {
    await tx
      .deleteFrom("saved_views")
      .where("id", "=", row.id)
      .where("owner_id", "=", viewer.analyst.id)
      .execute();
    await dropDefaults(tx, row, null);
    await auditView(tx, viewer, "view_deleted", { before: row, after: null }, now);
  });
}
