import type { APIResponse } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { isSessionCookie, signIn } from "./support/sign-in";

// Security headers on every kind of response, the pages' nonce-based CSP, and session cookies.

function expectBaseHeaders(what: string, response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toMatch(
    /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
  );
  expect(headers["x-frame-options"], what).toBe("DENY");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toContain("unsafe-eval");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Served over plain http here: no HSTS (it would be ignored, and must not stick to localhost).
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

function scriptNonce(csp: string): string | undefined {
  return /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
}

test("pages, route handlers, 404s, next-auth and build assets all carry the security headers", async ({
  page,
}) => {
  const signInPage = await page.request.get("/signin?callbackUrl=%2Falarms", { maxRedirects: 0 });
  const alarms = await page.request.get("/d/acme/alarms");
  const notFound = await page.request.get("/no-such-page");
  const api = await page.request.get("/api/health");
  const apiNotFound = await page.request.get("/api/no-such-route");
  const session = await page.request.get("/api/auth/session");
  const html = await (await page.request.get("/d/acme/alarms")).text();
  const asset = /\/_next\/static\/[^"'\s]+\.(?:js|css)/.exec(html)?.[0];
  expect(asset, "a build asset referenced by the page").toBeDefined();
  const staticFile = await page.request.get(asset!);
  const missingAsset = await page.request.get("/_next/static/chunks/no-such-chunk.js");

  expect(notFound.status()).toBe(404);
  expect(staticFile.status()).toBe(200);
  for (const [what, response] of Object.entries({
    signInPage,
    alarms,
    notFound,
    api,
    apiNotFound,
    session,
    staticFile,
    missingAsset,
  })) {
    expectBaseHeaders(what, response);
  }
});

test("pages get a fresh script nonce per response, and Next.js uses it", async ({ page }) => {
  const first = await page.request.get("/d/acme/alarms");
  const second = await page.request.get("/d/acme/alarms");
  const nonces = [first, second].map((response) =>
    scriptNonce(response.headers()["content-security-policy"] ?? ""),
  );
  expect(nonces[0]).toBeTruthy();
  expect(nonces[1]).toBeTruthy();
  expect(nonces[0]).not.toBe(nonces[1]);
  expect(await first.text()).toContain(`nonce="${nonces[0]}"`);
  expect(first.headers()["content-security-policy"]).toContain("'strict-dynamic'");
});

test("behind an https reverse proxy, responses carry HSTS and upgrade insecure requests", async ({
  page,
}) => {
  const headers = { "x-forwarded-proto": "https" };
  const pageResponse = await page.request.get("/d/acme/alarms", { headers });
  const api = await page.request.get("/api/health", { headers });
  const auth = await page.request.get("/api/auth/session", { headers });
  for (const response of [pageResponse, api, auth]) {
    expect(response.headers()["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
  }
  expect(pageResponse.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
});

test("pages run under their CSP without a single violation", async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text()))
      violations.push(message.text());
  });
  // Every page must render per request (a prerendered page has no nonce: its scripts are blocked).
  for (const path of [
    "/d/acme/alarms",
    "/d/acme/alarms?sort=priority,desc&page=1",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page runs under its CSP, and session cookies are HttpOnly and SameSite=Lax", async ({
    page,
    context,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, "analyst", e2e.demoPassword);
    expect(violations).toEqual([]);

    const cookies = await context.cookies(e2e.appUrl);
    const sessionCookie = cookies.find(isSessionCookie);
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const csrf = cookies.find((cookie) => cookie.name.endsWith("next-auth.csrf-token"));
    expect(csrf).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    // Not readable by page scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain("session-token");
  });
});
