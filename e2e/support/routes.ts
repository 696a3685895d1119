// The whole app's routes and what must never leak, for the security specs: pages and route
// handlers are enumerated from app/ (page.* and route.* files), so a new route is covered the day
// it is added.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIResponse } from "@playwright/test";
import { e2e } from "./env";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface Route {
  /** URL path with sample values for dynamic segments. */
  path: string;
  /** The file it comes from, for messages. */
  file: string;
  /** Dynamic segment names, e.g. ["uuid"]. */
  params: string[];
  /** The methods it serves; the others answer 405 with Allow (route handlers). */
  methods: Method[];
  /** Served to anyone: health probes, and the JSON 404 of unknown API paths. */
  isPublic: boolean;
}

export const SAMPLE_UUID = "6f1c0c6e-8a9b-4c3d-9e2f-1a2b3c4d5e6f";

/** Walks app/ the way the App Router does: groups and slots add no segment, `_x` is private. */
export function appRoutes(
  sampleFor: (param: string) => string = (param) => (param === "deployment" ? "acme" : SAMPLE_UUID),
) {
  const pages: Route[] = [];
  const handlers: Route[] = [];
  const visit = (dir: string, segments: string[], params: string[]) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry.startsWith("_") || /^\(\.+\)/.test(entry)) continue; // private, intercepting
        if (/^\(.*\)$/.test(entry) || entry.startsWith("@")) {
          visit(full, segments, params);
          continue;
        }
        const optionalCatchAll = /^\[\[\.\.\.(\w+)\]\]$/.exec(entry);
        const catchAll = /^\[\.\.\.(\w+)\]$/.exec(entry);
        const dynamic = /^\[(\w+)\]$/.exec(entry);
        if (optionalCatchAll) visit(full, segments, [...params, optionalCatchAll[1]!]);
        else if (catchAll) visit(full, [...segments, "sample/path"], [...params, catchAll[1]!]);
        else if (dynamic) visit(full, [...segments, `:${dynamic[1]}`], [...params, dynamic[1]!]);
        else visit(full, [...segments, entry], params);
        continue;
      }
      const kind = /^(page|route)\.(tsx?|jsx?|mdx)$/.exec(entry)?.[1];
      if (!kind) continue;
      const path =
        "/" +
        segments
          .map((segment) => (segment.startsWith(":") ? sampleFor(segment.slice(1)) : segment))
          .join("/");
      if (kind === "page") {
        pages.push({ path, file: full, params, methods: ["GET"], isPublic: path === "/signin" });
      } else {
        const source = readFileSync(full, "utf8");
        const exported = new Set<string>();
        // routeMethods({ GET: ..., DELETE: ... }) serves the keys it is given, 405 for the rest.
        const served = /routeMethods\(\{([\s\S]*?)\n\}\)/.exec(source)?.[1];
        for (const match of (served ?? "").matchAll(/^\s{2}(GET|POST|PUT|PATCH|DELETE):/gm)) {
          exported.add(match[1]!);
        }
        for (const match of served
          ? []
          : source.matchAll(/export\s+(?:async\s+)?(?:function|const|let|var)\s+([A-Z]+)\b/g)) {
          exported.add(match[1]!);
        }
        for (const match of served ? [] : source.matchAll(/export\s*\{([^}]*)\}/g)) {
          for (const name of match[1]!.split(","))
            exported.add(
              name
                .split(/\s+as\s+/)
                .at(-1)!
                .trim(),
            );
        }
        handlers.push({
          path,
          file: full,
          params,
          methods: METHODS.filter((m) => exported.has(m)),
          isPublic: /\b(publicRoute|unknownEndpoint)\b/.test(source),
        });
      }
    }
  };
  visit("app", [], []);
  return { pages, handlers };
}

/** What must never reach a browser: the USM client secret and the upstream's address. */
export function forbidden(): string[] {
  const simulator = new URL(e2e.simulatorUrl);
  return [
    e2e.canarySecret,
    encodeURIComponent(e2e.canarySecret),
    simulator.host,
    `localhost:${simulator.port}`,
  ];
}

export function expectClean(what: string, text: string) {
  for (const secret of forbidden()) {
    expect(text.includes(secret), `${what} contains ${secret}`).toBe(false);
  }
}

export async function expectCleanResponse(what: string, response: APIResponse) {
  expectClean(`${what} headers`, JSON.stringify(response.headersArray()));
  expectClean(`${what} body`, (await response.body()).toString("latin1"));
}

/** next-auth's own endpoints: anyone may use them, and they answer in next-auth's ways. */
const isAuthHandler = (route: Route) => route.path.startsWith("/api/auth/");

/** The console's API routes (next-auth's aside), and the methods they do not serve. */
export const apiRoutes = (routes: Route[]) => routes.filter((route) => !isAuthHandler(route));
export const unserved = (route: Route) =>
  METHODS.filter((method) => !route.methods.includes(method));
