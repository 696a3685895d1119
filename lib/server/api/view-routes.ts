import "server-only";
import type { z } from "zod";
import type { SavedView, SavedViews } from "@/lib/shared/triage/saved-views";
import type { Analyst } from "@/lib/server/auth/session";
import type { TriageContext } from "@/lib/server/triage/pipeline";
import { VIEW_BODY_BYTES, newViewInput, viewChangeInput } from "@/lib/server/triage/view-input";
import {
  changeSavedView,
  clearDefaultView,
  deleteSavedView,
  makeDefaultView,
  saveView,
  savedViewsOf,
} from "@/lib/server/triage/view-service";
import { JsonText } from "./route";
import { jsonBody } from "./request-input";

// The request -> answer of saved views (GET and POST /api/views, PATCH and DELETE
// /api/views/{id}): the body read and checked by the route wrapper (the specs below), then one use case of saved views
// (lib/server/triage/view-service.ts).

export type NewViewBody = z.infer<typeof newViewInput>;
export type ViewChangeBody = z.infer<typeof viewChangeInput>;

/** The bodies of saved views' writes, as the route wrapper reads them. */
export const NEW_VIEW_BODY = jsonBody(newViewInput, VIEW_BODY_BYTES);
export const VIEW_CHANGE_BODY = jsonBody(viewChangeInput, VIEW_BODY_BYTES);

/** GET /api/views: the analyst's menu of views. */
export async function viewsMenu(
  analyst: Analyst,
  context: TriageContext = {},
): Promise<SavedViews> {
  return { views: await savedViewsOf(analyst, context) };
}

/** POST /api/views {"name", "view", "shared"}: 201 with the view saved. */
export async function postView(
  analyst: Analyst,
  body: NewViewBody,
  context: TriageContext = {},
): Promise<JsonText> {
  const saved = await saveView(analyst, body, context);
  return new JsonText(JSON.stringify(saved), 201);
}

/** PATCH /api/views/{id} {"name"?, "view"?, "shared"?}: the owner's own. */
export async function patchView(
  analyst: Analyst,
  id: string,
  body: ViewChangeBody,
  context: TriageContext = {},
): Promise<SavedView> {
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

/** PUT /api/views/{id}/default: the analyst's lists of its kind open on it when reached bare. */
export function putDefaultView(analyst: Analyst, id: string, context: TriageContext = {}) {
  return makeDefaultView(analyst, id, context);
}

/** DELETE /api/views/{id}/default: they stop. */
export async function deleteDefaultView(
  analyst: Analyst,
  id: string,
  context: TriageContext = {},
): Promise<{ cleared: string }> {
  await clearDefaultView(analyst, id, context);
  return { cleared: id };
}
