// First-load JavaScript of a page as a browser meets it: every script a fresh (uncached) browser
// context downloads until the page has hydrated, gzipped here at the server's level (6). Scripts
// that arrive later (prefetches of other routes, lazy chunks) are listed apart and not counted.
// With the bench build's source maps, each chunk's bytes are attributed to the modules and
// packages they came from (a chunk's gzipped size shared out by raw bytes: an estimate).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { bytesBySource, packageOf, sourcePath } from "./source-map-sizes";

/** Issue 10's goal for /alarms, gzipped. */
export const FIRST_LOAD_GOAL_KB = 150;

export interface ScriptLoad {
  url: string;
  /** The chunk's file name. */
  file: string;
  raw: number;
  gzip: number;
  /** Requested before the page had hydrated (counted), or after (not counted). */
  first: boolean;
  /** Raw bytes per source (project-relative path), when the build has a source map. */
  sources: Map<string, number> | null;
}

export interface Share {
  name: string;
  raw: number;
  /** Estimated: the chunk's gzipped size shared out by raw bytes. */
  gzip: number;
}

export interface FirstLoadJs {
  scripts: ScriptLoad[];
  later: ScriptLoad[];
  raw: number;
  gzip: number;
  /** Sorted biggest first (by estimated gzipped bytes). */
  byPackage: Share[];
  byModule: Share[];
}

// The build adds this comment only where it writes source maps (the bench's build): left out, so
// the figure is what a production build ships.
const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=(\S+)\s*$/;

function shares(scripts: ScriptLoad[], keyOf: (source: string) => string): Share[] {
  const totals = new Map<string, Share>();
  for (const script of scripts) {
    const sources = script.sources ?? new Map([[`(no source map: ${script.file})`, script.raw]]);
    for (const [source, raw] of sources) {
      const name = keyOf(source);
      const share = totals.get(name) ?? { name, raw: 0, gzip: 0 };
      share.raw += raw;
      share.gzip += (script.gzip * raw) / script.raw;
      totals.set(name, share);
    }
  }
  return [...totals.values()].sort((a, b) => b.gzip - a.gzip);
}

/**
 * Loads `url` in a fresh context (with the session's `cookies`) and waits for
 * `hydratedSelector`, then for the network to settle. `distDir` is the build's folder, where
 * the chunks' source maps are read from.
 */
export async function measureFirstLoadJs(options: {
  browser: Browser;
  url: string;
  context: BrowserContextOptions;
  /** The session's cookies, added to the context. */
  cookies?: Array<{ name: string; value: string; url: string }>;
  hydratedSelector: string;
  distDir: string;
}): Promise<FirstLoadJs> {
  const context = await options.browser.newContext(options.context);
  if (options.cookies) await context.addCookies(options.cookies);
  // When the page has hydrated, by the page's own clock (the scripts' request times use it too).
  await context.addInitScript(
    `new MutationObserver((_, observer) => {
      if (!document.querySelector(${JSON.stringify(options.hydratedSelector)})) return;
      window.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true });`,
  );
  const page = await context.newPage();
  const pending: Array<Promise<Omit<ScriptLoad, "first"> | null>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then(
        (body) => {
          const text = body.toString("utf8");
          const code = text.replace(SOURCE_MAP_COMMENT, "");
          const { pathname } = new URL(response.url());
          const file = pathname.split("/").pop() ?? pathname;
          // The map's name is not the chunk's (each is named by its own content hash).
          const mapName = SOURCE_MAP_COMMENT.exec(text)?.[1];
          const mapFile =
            mapName && pathname.startsWith("/_next/")
              ? join(options.distDir, dirname(pathname.slice("/_next/".length)), mapName)
              : null;
          const sources =
            mapFile && existsSync(mapFile)
              ? bytesBySource(code, JSON.parse(readFileSync(mapFile, "utf8")))
              : null;
          return {
            url: response.url(),
            file,
            raw: Buffer.byteLength(code),
            gzip: gzipSync(code).length,
            sources,
          };
        },
        () => null,
      ),
    );
  });
  let requestedAt: Record<string, number>;
  let hydratedAt: number;
  try {
    const answer = await page.goto(options.url);
    if (!answer?.ok() || new URL(page.url()).pathname !== new URL(options.url).pathname) {
      throw new Error(`${options.url} answered ${answer?.status()} at ${page.url()}`);
    }
    await page.locator(options.hydratedSelector).waitFor();
    await page.waitForLoadState("networkidle");
    // A string, not a function: tsx would carry its `__name` helper into the page.
    [requestedAt, hydratedAt] = await page.evaluate(`[
      Object.fromEntries(performance.getEntriesByType("resource").map((e) => [e.name, e.startTime])),
      window.__hydratedAt,
    ]`);
  } finally {
    await context.close();
  }
  const loads = (await Promise.all(pending))
    .filter((load) => load !== null)
    .map((load) => ({ ...load, first: (requestedAt[load.url] ?? Infinity) <= hydratedAt }));
  const scripts = loads.filter((load) => load.first).sort((a, b) => b.gzip - a.gzip);
  return {
    scripts,
    later: loads.filter((load) => !load.first),
    raw: scripts.reduce((sum, script) => sum + script.raw, 0),
    gzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    byPackage: shares(scripts, packageOf),
    byModule: shares(scripts, sourcePath),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The one-line figure, the same in every bench that reports it. */
export function firstLoadLine(path: string, js: FirstLoadJs, goalKb: number): string {
  const verdict = js.gzip / 1024 <= goalKb ? "meets the goal" : "OVER the goal";
  return (
    `first-load JS ${path}: ${kb(js.gzip)} KB gz (goal ≤ ${goalKb}; ${verdict}), ` +
    `${kb(js.raw)} KB raw in ${js.scripts.length} scripts`
  );
}

/** The breakdown: chunks with what they hold, packages, and the biggest modules. */
export function printFirstLoadBreakdown(js: FirstLoadJs, top = 15): void {
  const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;
  console.log("\n  chunks (KB gz, KB raw, what they hold by raw bytes):");
  for (const script of js.scripts) {
    const holds = script.sources
      ? shares([script], packageOf)
          .slice(0, 4)
          .map((share) => `${share.name} ${pct(share.raw, script.raw)}`)
          .join(", ")
      : "(no source map)";
    console.log(
      `  ${kb(script.gzip).padStart(6)} ${kb(script.raw).padStart(7)}  ${script.file.padEnd(24)} ${holds}`,
    );
  }
  if (js.later.length > 0) {
    const laterGz = js.later.reduce((sum, script) => sum + script.gzip, 0);
    console.log(
      `  not counted: ${js.later.length} scripts (${kb(laterGz)} KB gz) requested after ` +
        `hydration: ${js.later.map((script) => script.file).join(", ")}`,
    );
  }
  console.log("\n  by package or project folder (KB gz, estimated; KB raw):");
  for (const share of js.byPackage.slice(0, top)) {
    console.log(`  ${kb(share.gzip).padStart(6)} ${kb(share.raw).padStart(7)}  ${share.name}`);
  }
  console.log(`\n  biggest modules (KB gz, estimated; KB raw):`);
  for (const share of js.byModule.slice(0, top)) {
    console.log(`  ${kb(share.gzip).padStart(6)} ${kb(share.raw).padStart(7)}  ${share.name}`);
  }
}
