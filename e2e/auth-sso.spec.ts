// eslint-disable-next-line no-restricted-imports -- signs in through SSO itself
import { expect, test, type Page } from "@playwright/test";
import { OIDC_PASSWORD, OIDC_USERS } from "./support/oidc-server";
import { e2e } from "./support/env";
import { rows } from "./support/list";
import { landing, sessionUser } from "./support/sign-in";

// Single sign-on end to end: the app, Chromium and a real OpenID Connect provider (oidc-provider,
// started by playwright.config.ts on loopback). The app allows domain example.com, group soc.

test.use({ storageState: { cookies: [], origins: [] } });

/** From the app's sign-in page through the identity provider's login form. */
async function signInWithSso(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in with Test SSO" }).click();
  await page.waitForURL((url) => url.href.startsWith(e2e.oidcUrl));
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(OIDC_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("an allowed SSO user signs in and sees their name", async ({ page }) => {
  const user = OIDC_USERS.analyst;
  await page.goto("/signin");
  const landed = landing(page);
  await signInWithSso(page, user.email);
  expect(new URL((await landed).url()).pathname).toBe("/");
  expect(await sessionUser(page)).toEqual({ name: user.name, email: user.email });
  await expect(page.getByText(user.name, { exact: true })).toBeVisible();
});

test("a shared link survives single sign-on", async ({ page }) => {
  const link = "/d/acme/alarms?sort=priority,desc&status=open&page=2";
  await page.goto(link);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(link);
  const landed = landing(page);
  await signInWithSso(page, OIDC_USERS.analyst.email);
  expect((await landed).url()).toBe(`${e2e.appUrl}${link}`);
});

for (const [who, user] of [
  ["outside the allowed email domain", OIDC_USERS.outsider],
  ["outside the allowed groups", OIDC_USERS.contractor],
] as const) {
  test(`an SSO user ${who} is refused with a clear message`, async ({ page }) => {
    await page.goto("/signin?callbackUrl=%2Falarms");
    await signInWithSso(page, user.email);
    await page.waitForURL((url) => url.href.startsWith(`${e2e.appUrl}/signin`));
    expect(new URL(page.url()).searchParams.get("error")).toBe("AccessDenied");
    await expect(
      page.getByText(/single sign-on account is not allowed to use Alarm Console/),
    ).toBeVisible();
    expect(await sessionUser(page)).toBeNull();
    await page.goto("/d/acme/alarms");
    expect(new URL(page.url()).pathname).toBe("/signin");
  });
}

test("an SSO analyst in group soc sees Initech, which only that group and one local account may", async ({
  page,
}) => {
  await page.goto("/signin");
  const landed = landing(page);
  await signInWithSso(page, OIDC_USERS.analyst.email);
  await landed;
  await expect(page.getByRole("article", { name: "Initech" })).toBeVisible();
  const response = await page.goto("/d/initech/alarms?size=10");
  expect(response?.status()).toBe(200);
  await expect(rows(page)).toHaveCount(10);
});
