import "server-only";
import type { Kysely } from "kysely";
import type { SavedView } from "@/lib/shared/triage/saved-views";
import type { Analyst } from "@/lib/server/auth/session";
import type { Database } from "@/lib/server/db";
import { visibleKeys } from "@/lib/server/deployments/scope";
import type { ViewKind } from "@/lib/shared/triage/saved-views";
import { recordAnalyst } from "./analysts";
import { clearDefault, defaultPathFor, setDefault } from "./view-defaults";
import { nowOf, takeWrite, withDb, type TriageContext } from "./pipeline";
import {
  changeView,
  createView,
  deleteView,
  listViews,
  type Viewer,
  type ViewFields,
} from "./views";

// Saved views, one function per use case (GET and POST /api/views, PATCH and DELETE
// /api/views/{id} ask through lib/server/api/view-routes.ts): the analyst and the deployments they
// may see, the console's database opened (503 index_unavailable where it cannot be), each
// analyst's writes at a bounded rate; what a view may be and who may change it is ./views.ts's.

/** `work` on the database as `analyst` (recorded, so teammates see their name on shared views). */
function asViewer<T>(
  analyst: Analyst,
  context: TriageContext,
  work: (db: Kysely<Database>, viewer: Viewer, now: number) => Promise<T>,
): Promise<T> {
  return withDb(
    context,
    async (db) => {
      const visible = visibleKeys(analyst);
      const now = nowOf(context);
      await recordAnalyst(db, analyst, now);
      return work(db, { analyst, visible }, now);
    },
    "Saved views",
  );
}

/** The analyst's own views and the team's shared ones they may open, each by name. */
export function savedViewsOf(analyst: Analyst, context: TriageContext = {}): Promise<SavedView[]> {
  return asViewer(analyst, context, (db, viewer) => listViews(db, viewer));
}

/** Saves a view under a name of the analyst's own. */
export async function saveView(
  analyst: Analyst,
  fields: ViewFields,
  context: TriageContext = {},
): Promise<SavedView> {
  await takeWrite(analyst, context, "views");
  return asViewer(analyst, context, (db, viewer, now) => createView(db, viewer, fields, now));
}

/** Renames, repoints, shares or unshares the analyst's own view. */
export async function changeSavedView(
  analyst: Analyst,
  id: string,
  fields: Partial<ViewFields>,
  context: TriageContext = {},
): Promise<SavedView> {
  await takeWrite(analyst, context, "views");
  return asViewer(analyst, context, (db, viewer, now) => changeView(db, viewer, id, fields, now));
}

/** Deletes the analyst's own view. */
export async function deleteSavedView(
  analyst: Analyst,
  id: string,
  context: TriageContext = {},
): Promise<void> {
  await takeWrite(analyst, context, "views");
  await asViewer(analyst, context, (db, viewer, now) => deleteView(db, viewer, id, now));
}

/** Makes a view the analyst may open their default of its kind (PUT /api/views/{id}/default). */
export async function makeDefaultView(
  analyst: Analyst,
  id: string,
  context: TriageContext = {},
): Promise<{ default: string; kind: ViewKind }> {
  await takeWrite(analyst, context, "views");
  return asViewer(analyst, context, (db, viewer, now) => setDefault(db, viewer, id, now));
}

/** Stops using a view as the analyst's default (DELETE /api/views/{id}/default). */
export async function clearDefaultView(
  analyst: Analyst,
  id: string,
  context: TriageContext = {},
): Promise<void> {
  await takeWrite(analyst, context, "views");
  await asViewer(analyst, context, (db, viewer, now) => clearDefault(db, viewer, id, now));
}

/**
 * Where the analyst's bare list of `segment` (a key or "all") opens: their default view of its
 * kind, or null (none, out of reach, or the console's database unavailable: the list opens plain).
 */
export async function defaultViewPath(
  analyst: Analyst,
  segment: string,
  context: TriageContext = {},
): Promise<string | null> {
  const work = (db: Kysely<Database>) =>
    defaultPathFor(db, { analyst, visible: visibleKeys(analyst) }, segment);
  return withDb(context, work, "Saved views").catch(() => null);
}
