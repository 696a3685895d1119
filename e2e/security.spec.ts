import { expect, test } from "./support/fixtures";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { e2e } from "./support/env";
import {
  METHODS,
  SAMPLE_UUID,
  apiRoutes,
  appRoutes,
  expectCleanResponse,
  unserved,
} from "./support/routes";

// The whole app's protection, route by route. Pages and route handlers are enumerated from app/
// (page.* and route.* files), so a new route is covered the day it is added.

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
