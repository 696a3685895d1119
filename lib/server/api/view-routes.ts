import "server-only";
import type { NextRequest } from "next/server";
import type { SavedView, SavedViews } from "@/lib/shared/triage/saved-views";
import type { Analyst } from "@/lib/server/auth/session";
import type { TriageContext } from "@/lib/server/triage/pipeline";
import { VIEW_BODY_BYTES, newViewInput, viewChangeInput } from "@/lib/server/triage/view-input";
import {
  changeSavedView,
  deleteSavedView,
  saveView,
  savedViewsOf,
} from "@/lib/server/triage/view-service";
import { JsonText } from "./route";
import { readJsonBody } from "./json-body";

// The request -> answer of saved views (GET and POST /api/views, PATCH and DELETE
// /api/views/{id}): the body read and checked, then one use case of saved views
// (lib/server/triage/view-service.ts).

/** GET /api/views: the analyst's menu of views. */
export async function viewsMenu(
  analyst: Analyst,
  context: TriageContext = {},
): Promise<SavedViews> {
  return { views: await savedViewsOf(analyst, context) };
}

/** POST /api/views {"name", "view", "shared"}: 201 with the view saved. */
export async function postView(
  request: NextRequest,
  analyst: Analyst,
  context: TriageContext = {},
): Promise<JsonText> {
  const body = await readJsonBody(request, newViewInput, VIEW_BODY_BYTES);
  const saved = await saveView(analyst, body, context);
  return new JsonText(JSON.stringify(saved), 201);
}

/** PATCH /api/views/{id} {"name"?, "view"?, "shared"?}: the owner's own. */
export async function patchView(
  request: NextRequest,
  analyst: Analyst,
  id: string,
  context: TriageContext = {},
): Promise<SavedView> {
  const body = await readJsonBody(request, viewChangeInput, VIEW_BODY_BYTES);
  return changeSavedView(analyst, id, body, context);
}

/** DELETE /api/views/{id}: the owner's own. */
export async function removeView(
  analyst: Analyst,
  id: string,
  context: TriageContext = {},
): Promise<{ deleted: string }> {
  await deleteSavedView(analyst, id, context);
  return { deleted: id };
}
