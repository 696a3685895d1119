// The console's theme: the analyst's choice (light, dark, or the system's), what the page shows
// for it, and the script that shows it before the first paint. A browser's taste, not data: it
// stays in this browser (localStorage). No directive: the root layout's server-rendered script
// and the user menu (use-theme.ts) share these constants.

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
/** What the page shows: the system's choice resolved. */
export type ShownTheme = Exclude<Theme, "system">;

export const THEME_STORAGE_KEY = "alarm-console:theme";
/** On <html>: "light" or "dark". globals.css's `dark:` variant styles by it. */
export const THEME_ATTRIBUTE = "data-theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The stored choice; anything else, nothing included, is the system's. */
export function parseTheme(raw: string | null): Theme {
  return raw === "light" || raw === "dark" ? raw : "system";
}

export function shownTheme(theme: Theme, systemPrefersDark: boolean): ShownTheme {
  if (theme === "system") return systemPrefersDark ? "dark" : "light";
  return theme;
}

/**
 * Sets <html>'s theme from the stored choice and the system's preference, while the page is
 * still being parsed (the root layout inlines it in <head>), then again whenever the system's
 * preference changes (the choice "system" follows it live) or another tab stores a choice.
 * Plain ES5, everything it needs in it (it is not bundled); theme.test.ts checks that it agrees
 * with shownTheme.
 */
export const APPLY_STORED_THEME_SCRIPT = `(function(){try{
var k=${JSON.stringify(THEME_STORAGE_KEY)},r=document.documentElement,m=matchMedia(${JSON.stringify(DARK_QUERY)});
function a(){var t=null;try{t=localStorage.getItem(k)}catch(e){}
r.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t==="dark"||(t!=="light"&&m.matches)?"dark":"light")}
a();
if(m.addEventListener)m.addEventListener("change",a);else if(m.addListener)m.addListener(a);
addEventListener("storage",function(e){if(e.key===k||e.key===null)a()});
}catch(e){}})();`;
