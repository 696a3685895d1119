import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { usmHealthSchema } from "@/lib/server/core/shapes";
import { e2e } from "./support/env";
import { isSessionCookie } from "./support/sign-in";

// The whole app's protection, route by route. Pages and route handlers are enumerated from app/
// (page.* and route.* files), so a new route is covered the day it is added.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

interface Route {
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

const SAMPLE_UUID = "6f1c0c6e-8a9b-4c3d-9e2f-1a2b3c4d5e6f";

/** Walks app/ the way the App Router does: groups and slots add no segment, `_x` is private. */
function appRoutes(
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
function forbidden(): string[] {
  const simulator = new URL(e2e.simulatorUrl);
  return [
    e2e.canarySecret,
    encodeURIComponent(e2e.canarySecret),
    simulator.host,
    `localhost:${simulator.port}`,
  ];
}

function expectClean(what: string, text: string) {
  for (const secret of forbidden()) {
    expect(text.includes(secret), `${what} contains ${secret}`).toBe(false);
  }
}

async function expectCleanResponse(what: string, response: APIResponse) {
  expectClean(`${what} headers`, JSON.stringify(response.headersArray()));
  expectClean(`${what} body`, (await response.body()).toString("latin1"));
}

/** next-auth's own endpoints: anyone may use them, and they answer in next-auth's ways. */
const isAuthHandler = (route: Route) => route.path.startsWith("/api/auth/");

/** The console's API routes (next-auth's aside), and the methods they do not serve. */
const apiRoutes = (routes: Route[]) => routes.filter((route) => !isAuthHandler(route));
const unserved = (route: Route) => METHODS.filter((method) => !route.methods.includes(method));

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the route enumeration finds the app's pages and route handlers", () => {
    const { pages, handlers } = appRoutes();
    expect(pages.map((route) => route.path)).toEqual(expect.arrayContaining(["/", "/signin"]));
    expect(handlers.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/api/auth/sample/path"]),
    );
    for (const handler of handlers) expect(handler.methods, handler.file).not.toEqual([]);
  });

  test("every page sends the signed-out to /signin with the full path as callbackUrl", async ({
    request,
  }) => {
    for (const route of appRoutes().pages.filter((page) => !page.isPublic)) {
      const target = `${route.path}${route.path.includes("?") ? "&" : "?"}probe=1&sort=priority,desc`;
      const response = await request.get(target, { maxRedirects: 0 });
      await expectCleanResponse(route.path, response);
      expect(response.status(), route.file).toBe(307);
      const location = new URL(response.headers().location ?? "", e2e.appUrl);
      expect(location.origin, route.file).toBe(e2e.appUrl);
      expect(location.pathname, route.file).toBe("/signin");
      expect(location.searchParams.get("callbackUrl"), route.file).toBe(target);
    }
  });

  test("every route handler answers 401 in the error shape, never a redirect", async ({
    request,
  }) => {
    const routes = apiRoutes(appRoutes().handlers).filter((route) => !route.isPublic);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/api/d/acme/alarms", "/api/health", "/api/sessions"]),
    );
    for (const route of routes) {
      for (const method of route.methods) {
        const response = await request.fetch(route.path, {
          method,
          maxRedirects: 0,
          data: method === "GET" ? undefined : {},
        });
        const what = `${method} ${route.path} (${route.file})`;
        await expectCleanResponse(what, response);
        expect(response.status(), what).toBe(401);
        expect(response.headers()["content-type"], what).toContain("application/json");
        const body = parseErrorBody(await response.json());
        expect(body?.error.code, what).toBe("unauthenticated");
      }
    }
  });

  test("every other method of an API route answers 405 in the error shape, naming those allowed", async ({
    request,
  }) => {
    for (const route of apiRoutes(appRoutes().handlers).filter((r) => !r.isPublic)) {
      for (const method of unserved(route)) {
        const response = await request.fetch(route.path, { method, maxRedirects: 0, data: {} });
        const what = `${method} ${route.path} (${route.file})`;
        expect(response.status(), what).toBe(405);
        expect(response.headers()["content-type"], what).toContain("application/json");
        expect(parseErrorBody(await response.json())?.error.code, what).toBe("method_not_allowed");
        const allow = (response.headers()["allow"] ?? "").split(/,\s*/);
        expect(allow, what).toEqual(expect.arrayContaining(route.methods));
        expect(allow, what).not.toContain(method);
      }
    }
  });

  test("a path no route serves answers 404 in the error shape, whatever the method", async ({
    request,
  }) => {
    for (const path of [
      "/api",
      "/api/nope",
      `/api/d/acme/alarms/${SAMPLE_UUID}/events`,
      "/api/health/x",
    ]) {
      for (const method of METHODS) {
        const response = await request.fetch(path, { method, maxRedirects: 0, data: {} });
        const what = `${method} ${path}`;
        expect(response.status(), what).toBe(404);
        expect(response.headers()["content-type"], what).toContain("application/json");
        expect(parseErrorBody(await response.json())?.error.code, what).toBe("not_found");
      }
    }
  });

  test("a load balancer may probe liveness and readiness without a session, and learns nothing more", async ({
    request,
  }) => {
    const live = await request.get("/api/health/live");
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ status: "live" });
    const ready = await request.get("/api/health/ready");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    // The detailed report stays for signed-in analysts.
    expect((await request.get("/api/health")).status()).toBe(401);
  });

  test("the sign-in page and next-auth's endpoints leak nothing either", async ({ request }) => {
    for (const path of [
      "/signin",
      "/signin?error=AccessDenied&callbackUrl=%2Falarms",
      "/api/auth/session",
      "/api/auth/providers",
      "/api/auth/csrf",
      "/api/auth/signin/oidc",
    ]) {
      await expectCleanResponse(path, await request.get(path, { maxRedirects: 0 }));
    }
  });

  test("a shared link's query is kept through the sign-in redirect, _rsc excepted", async ({
    request,
  }) => {
    const response = await request.get("/d/acme/alarms?status=open&_rsc=abc123&page=2", {
      maxRedirects: 0,
    });
    const location = new URL(response.headers().location ?? "", e2e.appUrl);
    expect(location.searchParams.get("callbackUrl")).toBe("/d/acme/alarms?status=open&page=2");
  });
});

test.describe("signed in", () => {
  test("a tampered or forged session cookie opens neither the API nor a page", async ({
    context,
    playwright,
  }) => {
    const session = (await context.cookies(e2e.appUrl)).find(isSessionCookie);
    expect(session, "the signed-in state has a session cookie").toBeDefined();
    const { name, value } = session!;
    const forgeries = {
      tampered: `${value.slice(0, -4)}${value.endsWith("AAAA") ? "BBBB" : "AAAA"}`,
      truncated: value.split(".").slice(0, 4).join("."),
      garbage: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..not.a.token",
    };
    for (const [what, forged] of Object.entries({ genuine: value, ...forgeries })) {
      const browser = await playwright.request.newContext({
        baseURL: e2e.appUrl,
        extraHTTPHeaders: { Cookie: `${name}=${forged}` },
      });
      const api = await browser.get("/api/d/acme/alarms?size=10");
      const page = await browser.get("/d/acme/alarms", { maxRedirects: 0 });
      if (what === "genuine") {
        expect(api.status(), what).toBe(200);
        expect(page.status(), what).toBe(200);
      } else {
        expect(api.status(), what).toBe(401);
        expect(parseErrorBody(await api.json())?.error.code, what).toBe("unauthenticated");
        expect(page.status(), what).toBe(307);
        expect(new URL(page.headers()["location"] ?? "", e2e.appUrl).pathname, what).toBe(
          "/signin",
        );
      }
      await browser.dispose();
    }
  });

  test("the detailed health report shows the analyst's own queue, nobody else's", async ({
    page,
  }) => {
    const response = await page.request.get("/api/d/acme/health");
    expect(response.status()).toBe(200);
    // Strict: a field added later (another analyst's queue) fails here.
    const health = usmHealthSchema.parse(await response.json());
    expect(health.yourQueuedCalls).toBe(0);
    expect(health.budget.get).toEqual({
      limitPerSecond: 100,
      sustainedPerSecond: 85,
      recentPerSecond: expect.any(Number),
    });
    // The overview of every deployment the analyst may see, each in the same strict shape.
    const all = (await (await page.request.get("/api/health")).json()) as {
      deployments: { key: string; health: unknown }[];
    };
    expect(all.deployments.map((deployment) => deployment.key)).toEqual(["acme", "globex"]);
    for (const deployment of all.deployments) usmHealthSchema.parse(deployment.health);
  });

  /** Values for dynamic segments: a real alarm id when the API gives one, else a sample. */
  async function sampleValues(page: Page): Promise<(param: string) => string> {
    const response = await page.request.get("/api/d/acme/alarms?size=10");
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(
      await response.text(),
    )?.[0];
    return (param) => (param === "deployment" ? "acme" : (uuid ?? SAMPLE_UUID));
  }

  test("no response a browser can get carries the USM secret or the upstream's address", async ({
    page,
  }) => {
    test.slow();
    const sample = await sampleValues(page);
    const { pages, handlers } = appRoutes(sample);
    const extra = [
      "/api/d/acme/alarms/00000000-0000-4000-8000-000000000000",
      "/api/d/acme/alarms?size=abc",
    ];

    for (const route of handlers) {
      // Every method, but never one that changes something (ending sessions would sign this
      // test's shared analyst out): those have specs of their own.
      for (const method of METHODS.filter((m) => m === "GET" || !route.methods.includes(m))) {
        const response = await page.request.fetch(route.path, {
          method,
          maxRedirects: 0,
          data: method === "GET" ? undefined : {},
        });
        await expectCleanResponse(`${method} ${route.path}`, response);
      }
    }
    for (const path of [...extra, "/api/auth/session", "/api/auth/providers", "/api/auth/csrf"]) {
      await expectCleanResponse(path, await page.request.get(path));
    }

    // Each page in Chromium, with everything it loads (scripts, data, RSC payloads).
    const seen: Promise<void>[] = [];
    page.on("response", (response) => {
      seen.push(
        (async () => {
          expectClean(`headers of ${response.url()}`, JSON.stringify(await response.allHeaders()));
          const body = await response.body().catch(() => null); // redirects have no body
          if (body) expectClean(response.url(), body.toString("latin1"));
        })(),
      );
    });
    for (const route of [...pages, { path: "/no-such-page" }]) {
      await page.goto(route.path);
      await page.waitForLoadState("networkidle");
    }
    await Promise.all(seen);
    expect(seen.length).toBeGreaterThan(pages.length);
  });

  test("no file the build serves to browsers contains the USM secret or the upstream's address", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(join(e2e.distDir, "static"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expectClean(file, readFileSync(file).toString("latin1"));
  });
});
