import "server-only";
import type { NextRequest } from "next/server";
import type { Kysely } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import type { SavedView, SavedViews } from "@/lib/shared/triage/saved-views";
import type { Analyst } from "@/lib/server/auth/session";
import { databaseState, type Database, type DatabaseState } from "@/lib/server/db";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { recordAnalyst } from "@/lib/server/triage/analysts";
import { VIEW_BODY_BYTES, newViewInput, viewChangeInput } from "@/lib/server/triage/view-input";
import {
  changeView,
  createView,
  deleteView,
  listViews,
  type Viewer,
} from "@/lib/server/triage/views";
import { JsonText } from "./route";
import { readJsonBody } from "./json-body";
import { asIndexUnavailable } from "@/lib/server/db/errors";

// The request -> data logic of saved views (GET and POST /api/views, PATCH and DELETE
// /api/views/{id}): the analyst and the deployments they may see, the body read and checked, the
// console's database opened (503 index_unavailable where it cannot be), each analyst's writes at a
// bounded rate.

export interface ViewsContext {
  database?: () => Promise<DatabaseState>;
  store?: SharedStore;
  now?: () => number;
}

/** Saving views is a person's pace: 1 a second sustained, a burst of 20. */
const VIEW_WRITE_RATE = { intervalMs: 1_000, burst: 20, maxWaitMs: 0 };

/** `work` on the database as `analyst` (recorded, so teammates see their name on shared views). */
async function asViewer<T>(
  analyst: Analyst,
  context: ViewsContext,
  work: (db: Kysely<Database>, viewer: Viewer, now: number) => Promise<T>,
): Promise<T> {
  const state = await (context.database ?? databaseState)();
  if (!state.ok) {
    throw new ApiError("index_unavailable", `Saved views cannot be reached: ${state.reason}`);
  }
  const visible = deploymentRegistry()
    .visibleTo(analyst)
    .map((deployment) => deployment.key);
  const now = (context.now ?? Date.now)();
  try {
    await recordAnalyst(state.database.db, analyst, now);
    return await work(state.database.db, { analyst, visible }, now);
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}

async function takeViewWrite(analyst: Analyst, context: ViewsContext): Promise<void> {
  const reservation = await (context.store ?? sharedStore()).reserve(
    `view-writes:${analyst.id}`,
    VIEW_WRITE_RATE,
  );
  if (reservation.granted) return;
  throw new ApiError(
    "rate_limited",
    "You are changing saved views faster than the console allows.",
    {
      retryAfterSeconds: Math.max(1, Math.ceil(reservation.retryInMs / 1000)),
    },
  );
}

/** GET /api/views: the analyst's menu of views. */
export async function viewsMenu(analyst: Analyst, context: ViewsContext = {}): Promise<SavedViews> {
  return { views: await asViewer(analyst, context, (db, viewer) => listViews(db, viewer)) };
}

/** POST /api/views {"name", "view", "shared"}: 201 with the view saved. */
export async function postView(
  request: NextRequest,
  analyst: Analyst,
  context: ViewsContext = {},
): Promise<JsonText> {
  const body = await readJsonBody(request, newViewInput, VIEW_BODY_BYTES);
  await takeViewWrite(analyst, context);
  const saved = await asViewer(analyst, context, (db, viewer, now) =>
    createView(db, viewer, body, now),
  );
  return new JsonText(JSON.stringify(saved), 201);
}

/** PATCH /api/views/{id} {"name"?, "view"?, "shared"?}: the owner's own. */
export async function patchView(
  request: NextRequest,
  analyst: Analyst,
  id: string,
  context: ViewsContext = {},
): Promise<SavedView> {
  const body = await readJsonBody(request, viewChangeInput, VIEW_BODY_BYTES);
  await takeViewWrite(analyst, context);
  return asViewer(analyst, context, (db, viewer, now) => changeView(db, viewer, id, body, now));
}

/** DELETE /api/views/{id}: the owner's own. */
export async function removeView(
  analyst: Analyst,
  id: string,
  context: ViewsContext = {},
): Promise<{ deleted: string }> {
  await takeViewWrite(analyst, context);
  await asViewer(analyst, context, (db, viewer) => deleteView(db, viewer, id));
  return { deleted: id };
}
