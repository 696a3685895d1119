import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { usmHealthSchema } from "@/lib/server/core/shapes";
import { e2e } from "./support/env";
import { isSessionCookie } from "./support/sign-in";
import {
  METHODS,
  SAMPLE_UUID,
  appRoutes,
  expectClean,
  expectCleanResponse,
} from "./support/routes";

// The whole app's protection for a signed-in analyst, route by route (e2e/support/routes.ts).

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
