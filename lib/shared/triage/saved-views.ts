// Saved views as the API answers them and the browser shows them: a list view's address kept
// under a name, the owner's alone or shared with the team. Client-safe and free of zod (the
// server's input schema is in lib/server/triage/view-input.ts).

/** A view's name, trimmed: at least one character, at most this many. */
export const VIEW_NAME_MAX = 100;
/** A view's address (path and query string) at most. */
export const VIEW_MAX_CHARS = 4_000;
/** Views one analyst may keep. */
export const MAX_VIEWS = 200;

export interface SavedView {
  id: string;
  name: string;
  /** The list's path and query string, canonical: `/d/acme/alarms?status=open`. */
  view: string;
  shared: boolean;
  /** The maker's handle. */
  owner: string;
  /** The maker's display name. */
  ownerName: string;
  /** Whether the analyst asking made it (only the maker may change or delete it). */
  mine: boolean;
  /** Epoch ms. */
  updatedAt: number;
  /** Whether the analyst asking opens their lists of its kind on it (issue 37). */
  isDefault: boolean;
}

/**
 * What a default view is for: a deployment's list (a saved view of one deployment, opened on
 * whichever deployment's bare list) or the queue of every deployment.
 */
export type ViewKind = "deployment" | "all";

/** GET /api/views: the analyst's own views and the team's shared ones they may open. */
export interface SavedViews {
  views: SavedView[];
}

/** The browser's API of saved views. */
export const viewsApi = {
  list: "/api/views",
  one: (id: string) => `/api/views/${encodeURIComponent(id)}`,
  /** PUT: make it the analyst's default of its kind; DELETE: stop. */
  default: (id: string) => `/api/views/${encodeURIComponent(id)}/default`,
};
