// eslint-disable-next-line no-restricted-imports -- signs in and out itself
import { expect, test, type APIRequest, type APIRequestContext } from "@playwright/test";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { e2e } from "./support/env";
import { apiSignOut, sessionCookie, signedInClient, signIn } from "./support/sign-in";

// Sessions end when the analyst says so: a copy of the cookie kept from before a sign-out opens
// nothing, and cannot be kept alive by refreshing it; "sign out everywhere" ends them all.
// Each test signs in accounts of its own (playwright.config.ts), never the shared analyst.

test.use({ storageState: { cookies: [], origins: [] } });

const signedIn = (playwright: { request: APIRequest }, username: string) =>
  signedInClient(playwright.request, username, e2e.localPassword);

async function replay(
  playwright: { request: APIRequest },
  cookie: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL: e2e.appUrl,
    extraHTTPHeaders: { Cookie: cookie },
  });
}

test("a copy of the session cookie opens nothing once its session has signed out", async ({
  playwright,
}) => {
  const browser = await signedIn(playwright, "session.probe");
  const copy = await sessionCookie(browser);
  expect((await browser.get("/api/d/acme/alarms?size=10")).status()).toBe(200);
  expect((await apiSignOut(browser)).status()).toBe(200);

  const thief = await replay(playwright, copy);
  const api = await thief.get("/api/d/acme/alarms?size=10");
  expect(api.status()).toBe(401);
  expect(parseErrorBody(await api.json())?.error.code).toBe("unauthenticated");
  // Refreshing it gets no session and no fresh cookie: a stolen copy cannot be kept alive.
  const refreshed = await thief.get("/api/auth/session");
  expect(await refreshed.json()).toEqual({});
  const issued = refreshed
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value)
    .filter((value) => /session-token=[^;]+;/.test(value));
  expect(issued).toEqual([]);
  const page = await thief.get("/d/acme/alarms", { maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(new URL(page.headers()["location"] ?? "", e2e.appUrl).pathname).toBe("/signin");
  await Promise.all([browser.dispose(), thief.dispose()]);
});

test("sign out everywhere ends every session of the analyst, and nobody else's", async ({
  playwright,
}) => {
  const laptop = await signedIn(playwright, "session.everywhere");
  const phone = await signedIn(playwright, "session.everywhere");
  const colleague = await signedIn(playwright, "local.analyst");
  const ended = await phone.delete("/api/sessions");
  expect(ended.status()).toBe(200);
  expect(await ended.json()).toEqual({ ended: "all" });
  for (const context of [laptop, phone]) {
    expect((await context.get("/api/d/acme/alarms?size=10")).status()).toBe(401);
  }
  expect((await colleague.get("/api/d/acme/alarms?size=10")).status()).toBe(200);
  // Signing in again starts a new session, which the old "everywhere" does not touch.
  const again = await signedIn(playwright, "session.everywhere");
  expect((await again.get("/api/d/acme/alarms?size=10")).status()).toBe(200);
  await Promise.all([laptop, phone, colleague, again].map((context) => context.dispose()));
});

test("another site cannot end an analyst's sessions", async ({ playwright }) => {
  const browser = await signedIn(playwright, "session.probe");
  const forged = await browser.delete("/api/sessions", {
    headers: { Origin: "https://evil.example" },
  });
  expect(forged.status()).toBe(403);
  expect(parseErrorBody(await forged.json())?.error.code).toBe("forbidden");
  expect((await browser.get("/api/d/acme/alarms?size=10")).status()).toBe(200);
  await browser.dispose();
});

test("the user menu signs out everywhere, saying so", async ({ page, playwright }) => {
  const elsewhere = await signedIn(playwright, "session.everywhere.ui");
  await signIn(page, "session.everywhere.ui", e2e.localPassword, "/signin?callbackUrl=%2Falarms");
  await page.waitForURL(/\/alarms/);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL(/\/signin\?signedOut=everywhere$/);
  await expect(page.getByText("You have signed out everywhere")).toBeVisible();
  expect((await elsewhere.get("/api/d/acme/alarms?size=10")).status()).toBe(401);
  await elsewhere.dispose();
});
