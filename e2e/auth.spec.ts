// eslint-disable-next-line no-restricted-imports -- signs in and out itself
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/a11y";
import { e2e } from "./support/env";
import { apiSignIn, fillAndSubmitSignIn, landing, sessionUser } from "./support/sign-in";

// Sign-in with a password (local accounts from AUTH_LOCAL_USERS, the demo account), sign-out,
// throttling, deep links and open-redirect attempts, through the real sign-in page.

test.use({ storageState: { cookies: [], origins: [] } });

const WRONG = "Wrong username or password.";

/** Fills and submits the sign-in form; resolves when next-auth has answered. */
async function submitSignIn(page: Page, username: string, password: string) {
  const answered = page.waitForResponse((response) =>
    response.url().includes("/api/auth/callback/credentials"),
  );
  await fillAndSubmitSignIn(page, username, password);
  return answered;
}

test("a local account signs in with its password", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const landed = landing(page);
  const answer = await submitSignIn(page, "local.analyst", e2e.localPassword);
  expect(answer.status()).toBe(200);
  expect(new URL((await landed).url()).pathname).toBe("/");
  expect(await sessionUser(page)).toEqual({ name: "local.analyst", email: null });
});

test("a wrong password and an unknown user get the same message, and no session", async ({
  page,
}) => {
  await page.goto("/signin");
  const wrongPassword = await submitSignIn(page, "local.analyst", "not-the-password");
  await expect(page.getByText(WRONG)).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("");
  expect(new URL(page.url()).pathname).toBe("/signin");

  const unknownUser = await submitSignIn(page, "nobody.here", "not-the-password");
  await expect(page.getByText(WRONG)).toBeVisible();

  // Nothing tells the two apart: same status, same answer.
  expect(unknownUser.status()).toBe(wrongPassword.status());
  expect(await unknownUser.json()).toEqual(await wrongPassword.json());
  expect(await sessionUser(page)).toBeNull();
});

// Failed sign-ins from the browsers' own address (no X-Forwarded-For: the e2e app, configured as
// behind one proxy, takes the connection's address, as the proxy would give it) stay under the
// 20 after which an address is delayed: 2 in the test above. The tests that fail on purpose
// come from addresses of their own (X-Forwarded-For, as the proxy reports separate clients).
test("after 5 failed attempts from an address even the right password waits, and is told how long", async ({
  page,
}, testInfo) => {
  // A dedicated account, so no other test is throttled; a retry runs on the same server, where
  // the first try's account is still delayed, so it takes the next one (playwright.config.ts).
  const probe = testInfo.retry === 0 ? "throttle.probe" : `throttle.probe.retry${testInfo.retry}`;
  const waitMessage =
    /^Too many failed sign-in attempts\. Wait \d+ (second|seconds|minute|minutes) before trying again\.$/;
  // One address for the form and the API calls below, as a proxy would report this browser.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.77" });
  await page.goto("/signin");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await submitSignIn(page, probe, `wrong-${attempt}`);
    await expect(page.getByText(WRONG)).toBeVisible();
  }
  // The sixth try waits a second, the seventh two, the eighth four: three more failures, each
  // after its wait, leave an 8 s delay, ample for the form below to arrive within it.
  for (let counted = 0; counted < 3;) {
    const { error } = await apiSignIn(page.request, probe, `wrong-again-${counted}`);
    const wait = /^Throttled:(\d+)$/.exec(error ?? "");
    if (wait) await page.waitForTimeout(Number(wait[1]) * 1000);
    else counted++;
  }
  // Now the right password: held back too, told how long.
  await submitSignIn(page, probe, e2e.localPassword);
  await expect(page.getByText(waitMessage)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/signin");
  expect(await sessionUser(page)).toBeNull();
});

test("guesses at an account never lock its owner out, nor anyone out for everyone", async ({
  playwright,
}) => {
  test.slow(); // a hundred and more password checks
  const client = (address: string) =>
    playwright.request.newContext({
      baseURL: e2e.appUrl,
      extraHTTPHeaders: { "X-Forwarded-For": address },
    });
  // Five anonymous wrong passwords for the demo account: then the attacker's tries are delayed
  // (a second, doubling with every one counted: within a few, one meets its delay).
  const attacker = await client("203.0.113.66");
  for (let i = 0; i < 5; i++) {
    expect(await apiSignIn(attacker, "analyst", `guess-${i}`)).toEqual({
      ok: false,
      error: "CredentialsSignin",
    });
  }
  const delayed: Array<string | null> = [];
  for (let i = 0; i < 4 && !delayed.some((e) => e?.startsWith("Throttled:")); i++) {
    delayed.push((await apiSignIn(attacker, "analyst", `guess-again-${i}`)).error);
  }
  expect(delayed.at(-1)).toMatch(/^Throttled:\d+$/);
  // The owner, from an address that has not failed, is not refused.
  const owner = await client("198.51.100.20");
  expect(await apiSignIn(owner, "analyst", e2e.demoPassword)).toEqual({ ok: true, error: null });

  // Past a hundred failures from any mix of addresses and accounts: nobody else is shut out.
  const targets = ["local.analyst", "throttle.probe.retry1", "session.probe"];
  const crowd = await Promise.all(Array.from({ length: 8 }, (_, n) => client(`192.0.2.${n + 1}`)));
  await Promise.all(
    crowd.map(async (member, n) => {
      for (let i = 0; i < 14; i++) await apiSignIn(member, targets[(n + i) % 3]!, `x-${i}`);
    }),
  );
  const bystander = await client("198.51.100.21");
  expect(await apiSignIn(bystander, "local.analyst", e2e.localPassword)).toEqual({
    ok: true,
    error: null,
  });
  for (const context of [attacker, owner, bystander, ...crowd]) await context.dispose();
});

test("the sign-in page offers single sign-on and says how to use the demo", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in with Test SSO" })).toBeVisible();
  await expect(page.getByText(/Demo mode .*sign in as analyst/)).toBeVisible();
  // The demo password itself is never shown.
  expect(await page.content()).not.toContain(e2e.demoPassword);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the sign-in page has no serious accessibility problems (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/signin?error=CredentialsSignin");
    await expect(page.getByText(WRONG)).toBeVisible();
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
  });
}

for (const link of [
  "/d/acme/alarms?sort=priority,desc&status=open&page=2",
  "/d/acme/alarms/6f1c0c6e-8a9b-4c3d-9e2f-1a2b3c4d5e6f",
]) {
  test(`a shared link survives sign-in with a password: ${link}`, async ({ page }) => {
    await page.goto(link);
    const signIn = new URL(page.url());
    expect(signIn.pathname).toBe("/signin");
    expect(signIn.searchParams.get("callbackUrl")).toBe(link);

    const landed = landing(page);
    await submitSignIn(page, "analyst", e2e.demoPassword);
    expect((await landed).url()).toBe(`${e2e.appUrl}${link}`);
  });
}

test("signing out ends the session and returns to the sign-in page", async ({ page }) => {
  await page.goto("/signin?callbackUrl=%2Falarms");
  const landed = landing(page);
  await submitSignIn(page, "analyst", e2e.demoPassword);
  await landed;
  await page.waitForURL(/\/alarms/);
  await expect(page.getByText("analyst", { exact: true })).toBeVisible(); // the user menu

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/signin\?signedOut=1$/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  expect(await sessionUser(page)).toBeNull();

  await page.goto("/d/acme/alarms");
  expect(new URL(page.url()).pathname).toBe("/signin");
});

const EVIL_CALLBACKS = [
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "javascript:alert(document.domain)",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/\t/evil.example",
  "/..//evil.example",
];

test("open-redirect attempts through the sign-in page land on the home page", async ({ page }) => {
  const offsite: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(e2e.appUrl)) offsite.push(request.url());
  });

  // Through the form (next-auth's redirect callback and the page's own check)...
  await page.goto(`/signin?callbackUrl=${encodeURIComponent("//evil.example/alarms")}`);
  const landed = landing(page);
  await submitSignIn(page, "analyst", e2e.demoPassword);
  expect((await landed).url()).toBe(`${e2e.appUrl}/`);
  // That navigation must finish first, or it interrupts the next goto (a race, not a finding).
  await page.waitForURL(`${e2e.appUrl}/`);

  // ...and signed in, where the sign-in page forwards straight to the callbackUrl.
  for (const evil of EVIL_CALLBACKS) {
    await page.goto(`/signin?callbackUrl=${encodeURIComponent(evil)}`);
    await page.waitForURL((url) => url.pathname !== "/signin");
    expect(page.url(), evil).toBe(`${e2e.appUrl}/`);
  }
  expect(offsite).toEqual([]);
});

test("next-auth's endpoints refuse to redirect off-site", async ({ page }) => {
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  for (const evil of EVIL_CALLBACKS) {
    const signIn = await page.request.post("/api/auth/callback/credentials", {
      form: {
        csrfToken,
        username: "analyst",
        password: e2e.demoPassword,
        callbackUrl: evil,
        json: "true",
      },
    });
    expect((await signIn.json()) as unknown, evil).toEqual({ url: `${e2e.appUrl}/` });

    const signOut = await page.request.post("/api/auth/signout", {
      form: { csrfToken, callbackUrl: evil, json: "true" },
    });
    expect((await signOut.json()) as unknown, evil).toEqual({ url: `${e2e.appUrl}/` });
  }
});
