import { describe, expect, it } from "vitest";
import {
  APPLY_STORED_THEME_SCRIPT,
  DARK_QUERY,
  parseTheme,
  shownTheme,
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
} from "./theme";

/** The inline script in a page of its own: a stored value, the system's preference, listeners. */
function page(stored: string | null, systemDark: boolean) {
  const attributes = new Map<string, string>();
  const store = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const media = { matches: systemDark, listeners: [] as (() => void)[] };
  const windowListeners: ((event: { key: string | null }) => void)[] = [];
  new Function(
    "document",
    "localStorage",
    "matchMedia",
    "addEventListener",
    APPLY_STORED_THEME_SCRIPT,
  )(
    {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    },
    { getItem: (key: string) => store.get(key) ?? null },
    (query: string) => {
      expect(query).toBe(DARK_QUERY);
      return {
        get matches() {
          return media.matches;
        },
        addEventListener: (_: string, listener: () => void) => media.listeners.push(listener),
      };
    },
    (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === "storage") windowListeners.push(listener);
    },
  );
  return {
    shown: () => attributes.get(THEME_ATTRIBUTE),
    systemTurns(dark: boolean) {
      media.matches = dark;
      for (const listener of media.listeners) listener();
    },
    anotherTabStores(value: string) {
      store.set(THEME_STORAGE_KEY, value);
      for (const listener of windowListeners) listener({ key: THEME_STORAGE_KEY });
    },
  };
}

describe("the theme", () => {
  it("is the system's unless light or dark was chosen", () => {
    for (const raw of [null, "", "system", "Dark", "purple"])
      expect(parseTheme(raw)).toBe("system");
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
  });

  it("is shown before the first paint as the page would show it", () => {
    for (const stored of [null, "light", "dark", "system", "purple"]) {
      for (const systemDark of [false, true]) {
        expect(page(stored, systemDark).shown(), `${stored}, system dark: ${systemDark}`).toBe(
          shownTheme(parseTheme(stored), systemDark),
        );
      }
    }
  });

  it("follows the system live while the choice is the system's, and only then", () => {
    const system = page("system", false);
    system.systemTurns(true);
    expect(system.shown()).toBe("dark");
    system.systemTurns(false);
    expect(system.shown()).toBe("light");
    const light = page("light", false);
    light.systemTurns(true);
    expect(light.shown()).toBe("light");
  });

  it("follows a choice stored in another tab", () => {
    const tab = page(null, false);
    tab.anotherTabStores("dark");
    expect(tab.shown()).toBe("dark");
  });
});
