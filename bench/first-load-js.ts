// First-load JavaScript of a page as a browser meets it: every script a fresh (uncached) browser
// context downloads until the page has hydrated, gzipped here at the server's level (6). Scripts
// that arrive later (prefetches of other routes, lazy chunks) are listed apart and not counted.
// With the bench build's source maps, each chunk's bytes are attributed to the modules and
// packages they came from (a chunk's gzipped size shared out by raw bytes: an estimate). A list
// page is weighed against the framework floor (FLOOR_PATH), measured alike from the same build.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { bytesBySource, packageOf, sourcePath } from "./source-map-sizes";

/**
 * Issue 10's goal for a list page, gzipped: at most the framework floor plus this. The floor is
 * measured in the same run, from the same build.
 */
export const FIRST_LOAD_OVER_FLOOR_GOAL_KB = 40;

/**
 * The framework floor: Next + React + React Query on an otherwise empty page
 * (app/bench-floor/page.bench.tsx, routed in the bench's build only).
 */
export const FLOOR_PATH = "/bench-floor";

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

interface MeasureOptions {
  browser: Browser;
  url: string;
  context: BrowserContextOptions;
  /** The session's cookies, added to the context. */
  cookies?: Array<{ name: string; value: string; url: string }>;
  hydratedSelector: string;
  distDir: string;
}

/**
 * Loads `url` in a fresh context (with the session's `cookies`) and waits for
 * `hydratedSelector`, then for the network to settle. `distDir` is the build's folder, where
 * the chunks' source maps are read from.
 */
export async function measureFirstLoadJs(options: MeasureOptions): Promise<FirstLoadJs> {
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

export interface AgainstFloor {
  path: string;
  page: FirstLoadJs;
  /** The floor page's first load (FLOOR_PATH), measured the same way. */
  floor: FirstLoadJs;
  /**
   * The floor page's first load without the project's own code in it (estimated, gzipped bytes):
   * what Next + React + React Query cost. The root segment's boundaries (app/error.tsx,
   * app/not-found.tsx with its header) and providers reach every page, the floor's too, but
   * they are the console's code, not the framework's.
   */
  frameworkFloor: number;
  /** The project's modules in the floor page's first load, biggest first. */
  floorProjectCode: Share[];
}

// The project's own code: its folders that reach the browser, the floor page itself excepted.
const isProjectCode = (path: string) =>
  /^(app|components|lib)\//.test(path) && !path.startsWith("app/bench-floor/");

/**
 * The first loads of `path` and of the floor page, each in a fresh context of `browser` with the
 * same session; both pages mark themselves with `hydratedSelector`.
 */
export async function measureAgainstFloor(
  options: Omit<MeasureOptions, "url"> & { appUrl: string; path: string },
): Promise<AgainstFloor> {
  const { appUrl, path, ...rest } = options;
  const floor = await measureFirstLoadJs({ ...rest, url: `${appUrl}${FLOOR_PATH}` });
  const page = await measureFirstLoadJs({ ...rest, url: `${appUrl}${path}` });
  const floorProjectCode = floor.byModule.filter((share) => isProjectCode(share.name));
  const frameworkFloor = floor.gzip - floorProjectCode.reduce((sum, share) => sum + share.gzip, 0);
  return { path, page, floor, frameworkFloor, floorProjectCode };
}

/** The figures and the verdict, the same in every bench that reports them. */
export function firstLoadSummary(js: AgainstFloor): string {
  const { path, page, floor, frameworkFloor } = js;
  const goal = frameworkFloor + FIRST_LOAD_OVER_FLOOR_GOAL_KB * 1024;
  const verdict =
    page.gzip <= goal ? "meets the goal" : `OVER the goal by ${kb(page.gzip - goal)} KB`;
  return (
    `first-load JS, gzipped:\n` +
    `  framework floor (Next + React + React Query): ${kb(frameworkFloor)} KB (${FLOOR_PATH} ` +
    `loads ${kb(floor.gzip)} KB in ${floor.scripts.length} scripts, ` +
    `${kb(floor.gzip - frameworkFloor)} KB of it the console's own code that every page ` +
    `carries, estimated)\n` +
    `  ${path}: ${kb(page.gzip)} KB in ${page.scripts.length} scripts (${kb(page.raw)} KB raw)\n` +
    `  ${path} − framework floor: ${kb(page.gzip - frameworkFloor)} KB (goal ≤ ` +
    `${FIRST_LOAD_OVER_FLOOR_GOAL_KB}, i.e. ${path} ≤ ${kb(goal)} KB): ${verdict}`
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
  printShares(js.byPackage.slice(0, top));
  console.log(`\n  biggest modules (KB gz, estimated; KB raw):`);
  printShares(js.byModule.slice(0, top));
}

function printShares(list: Share[]): void {
  for (const share of list) {
    console.log(`  ${kb(share.gzip).padStart(6)} ${kb(share.raw).padStart(7)}  ${share.name}`);
  }
}

/**
 * What the page loads beyond the framework floor, by package and by module: the project's own
 * code, and every other module the floor page does not load.
 */
export function printBeyondFloor(js: AgainstFloor, top = 25): void {
  const inFloor = new Set(
    js.floor.byModule.filter((share) => !isProjectCode(share.name)).map((share) => share.name),
  );
  const beyond = js.page.scripts.map((script) => ({
    ...script,
    sources: script.sources
      ? new Map([...script.sources].filter(([source]) => !inFloor.has(sourcePath(source))))
      : null,
  }));
  const byModule = shares(beyond, sourcePath);
  const total = byModule.reduce((sum, share) => sum + share.gzip, 0);
  console.log(
    `\n  the framework floor leaves out the console's code in ${FLOOR_PATH} (KB gz, estimated): ` +
      js.floorProjectCode.map((share) => `${share.name} ${kb(share.gzip)}`).join(", "),
  );
  console.log(
    `\n  ${js.path} beyond the framework floor: ${kb(total)} KB gz (estimated), by package or ` +
      `project folder (KB gz; KB raw):`,
  );
  printShares(shares(beyond, packageOf).slice(0, top));
  console.log(`\n  the biggest modules beyond the framework floor (KB gz, estimated; KB raw):`);
  printShares(byModule.slice(0, top));
}
