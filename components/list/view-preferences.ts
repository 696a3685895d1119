// The analyst's table preferences: their shape, defaults, parsing, and the script that applies them.

// How an analyst likes the alarm table: which columns, in which order, how dense. Taste, not
// data: it stays in this browser (localStorage), never in the URL, so a shared link shows the
// same alarms to everyone in each reader's own layout. No directive: the server-rendered
// script below and the browser's store (use-view-preferences.ts) share these constants.

/** The table's columns, in their default order (alarm-columns.tsx defines them with these ids). */
export const COLUMN_IDS = [
  "priority",
  "status",
  "rule",
  "sources",
  "destinations",
  "users",
  "occurred",
  "age",
  "events",
  "owner",
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** The rule column holds each row's link to its alarm: without it a row could not be opened. */
export const ALWAYS_VISIBLE: ReadonlySet<ColumnId> = new Set(["rule"]);

export const DENSITIES = ["comfortable", "compact"] as const;
export type Density = (typeof DENSITIES)[number];

/** The overview above the table (counts and histogram), or folded away to one line. */
export const OVERVIEW_STATES = ["shown", "folded"] as const;
export type OverviewState = (typeof OVERVIEW_STATES)[number];

/** The columns the analyst hid (`false`); a column it does not name shows. */
export type ColumnVisibility = Partial<Record<ColumnId, false>>;

export interface ViewPreferences {
  columnVisibility: ColumnVisibility;
  /** Every column once (parseViewPreferences sees to it), in the analyst's order. */
  columnOrder: readonly ColumnId[];
  density: Density;
  overview: OverviewState;
}

export const DEFAULT_VIEW: ViewPreferences = Object.freeze({
  columnVisibility: Object.freeze({}),
  columnOrder: Object.freeze([...COLUMN_IDS]),
  density: "comfortable",
  overview: "shown",
});

export const STORAGE_KEY = "alarm-console:list-view:v1";

const isColumnId = (value: unknown): value is ColumnId =>
  typeof value === "string" && (COLUMN_IDS as readonly string[]).includes(value);

/**
 * What was stored, made safe: unknown columns dropped, columns added since appended in their
 * default place, the always-visible ones visible. Anything unreadable means the defaults.
 */
export function parseViewPreferences(raw: string | null): ViewPreferences {
  if (!raw) return DEFAULT_VIEW;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return DEFAULT_VIEW;
  }
  if (typeof stored !== "object" || stored === null) return DEFAULT_VIEW;
  const { columnVisibility, columnOrder, density, overview } = stored as Record<string, unknown>;

  const visibility: ColumnVisibility = {};
  if (typeof columnVisibility === "object" && columnVisibility !== null) {
    for (const [id, visible] of Object.entries(columnVisibility)) {
      if (isColumnId(id) && visible === false && !ALWAYS_VISIBLE.has(id)) visibility[id] = false;
    }
  }

  const order: ColumnId[] = [];
  if (Array.isArray(columnOrder)) {
    for (const id of columnOrder) if (isColumnId(id) && !order.includes(id)) order.push(id);
  }
  COLUMN_IDS.forEach((id, index) => {
    if (order.includes(id)) return;
    // A column this browser has not seen yet goes after its default predecessor.
    const before = COLUMN_IDS.slice(0, index).findLast((previous) => order.includes(previous));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });

  return {
    columnVisibility: visibility,
    columnOrder: order,
    density: DENSITIES.includes(density as Density) ? (density as Density) : "comfortable",
    overview: overview === "folded" ? "folded" : "shown",
  };
}

export function hiddenColumns(view: ViewPreferences): ColumnId[] {
  return COLUMN_IDS.filter((id) => view.columnVisibility[id] === false);
}

/**
 * The attributes on <html> that globals.css styles by: the density, the hidden columns and a
 * folded overview (so the server's default page shows the analyst's layout before the page's
 * scripts run).
 */
export const DENSITY_ATTRIBUTE = "data-alarm-density";
export const HIDDEN_ATTRIBUTE = "data-alarm-hidden";
export const OVERVIEW_ATTRIBUTE = "data-alarm-overview";

export function applyViewToDocument(view: ViewPreferences, root: Element): void {
  const hidden = hiddenColumns(view).join(" ");
  if (hidden) root.setAttribute(HIDDEN_ATTRIBUTE, hidden);
  else root.removeAttribute(HIDDEN_ATTRIBUTE);
  if (view.density !== "comfortable") root.setAttribute(DENSITY_ATTRIBUTE, view.density);
  else root.removeAttribute(DENSITY_ATTRIBUTE);
  if (view.overview === "folded") root.setAttribute(OVERVIEW_ATTRIBUTE, "folded");
  else root.removeAttribute(OVERVIEW_ATTRIBUTE);
}

/**
 * The same as parseViewPreferences + applyViewToDocument, as a script the layout inlines in
 * <body>: it runs while the page is parsed, before the table's first paint, so a stored
 * density or hidden column never shows the defaults first. Plain ES5, and everything it needs
 * is in it (it is not bundled); view-preferences.test.ts checks that it agrees with the above.
 */
export const APPLY_STORED_VIEW_SCRIPT = `(function(){try{
var v=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})||"null");
if(!v||typeof v!=="object")return;
var ids=${JSON.stringify(COLUMN_IDS.filter((id) => !ALWAYS_VISIBLE.has(id)))};
var c=v.columnVisibility,h=[],r=document.documentElement;
for(var i=0;i<ids.length;i++)if(c&&typeof c==="object"&&c[ids[i]]===false)h.push(ids[i]);
if(h.length)r.setAttribute(${JSON.stringify(HIDDEN_ATTRIBUTE)},h.join(" "));
if(v.density==="compact")r.setAttribute(${JSON.stringify(DENSITY_ATTRIBUTE)},"compact");
if(v.overview==="folded")r.setAttribute(${JSON.stringify(OVERVIEW_ATTRIBUTE)},"folded");
}catch(e){}})();`;
