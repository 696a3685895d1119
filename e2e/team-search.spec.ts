import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { searchBox } from "./support/search";
import { signIn } from "./support/sign-in";

// The team's notes and verdicts are searchable: a teammate writes a ticket number in a note of an
// Acme alarm (Globex's counts are e2e/team-home.spec.ts's), and typed alone in the list's box it
// finds that alarm (as note:"…" does, in any case); closed by the teammate, the alarm is found by
// its verdict and by who closed it, and "Open for the team" leaves it out.

const PARTNER = "home.partner";

async function partnerRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, PARTNER, e2e.localPassword);
  return page.request;
}

async function found(request: APIRequestContext, q: string): Promise<string[]> {
  const response = await request.get(`/api/d/acme/alarms?size=100&q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { alarms: { uuid: string }[] }).alarms.map((a) => a.uuid);
}

test.describe.configure({ timeout: 180_000 });

test("a ticket number in a teammate's note finds its alarm; a verdict and its closer find it too", async ({
  page,
  browser,
}, testInfo) => {
  // An alarm of Acme nobody has closed or taken, once the index holds some.
  let uuid: string | undefined;
  await expect
    .poll(async () => (uuid = (await found(page.request, "closed:false owner:none"))[60]), {
      timeout: 120_000,
    })
    .toBeDefined();
  const ticket = `INC-${4711 + testInfo.retry}${Date.now() % 100_000}`;
  const partner = await partnerRequest(browser);
  const triage = `/api/d/acme/alarms/${uuid}/triage`;
  const noted = await partner.post(`${triage}/notes`, {
    data: { text: `Raised with the service desk as ${ticket}.` },
  });
  expect([200, 201]).toContain(noted.status());

  await page.goto("/d/acme/alarms");
  await page.keyboard.press("/");
  await page.keyboard.type(ticket.toLowerCase());
  await page.keyboard.press("Enter");
  await expect(page.locator("tbody tr[data-alarm-row]")).toHaveCount(1);
  await expect(page.locator(`tbody tr[data-alarm-row="${uuid}"]`)).toBeVisible();
  expect(await found(page.request, `note:"${ticket}"`)).toEqual([uuid]);

  const closed = await partner.put(`${triage}/closed`, {
    data: { verdict: "benign", reason: "Expected maintenance" },
  });
  expect(closed.status()).toBe(200);
  expect(await found(page.request, `${ticket} verdict:benign closed_by:${PARTNER}`)).toEqual([
    uuid,
  ]);
  expect(await found(page.request, `${ticket} closed:false`)).toEqual([]);

  // The quick filter puts closed:false in the search: the closed alarm leaves the view.
  await searchBox(page).fill(ticket);
  await searchBox(page).press("Enter");
  await expect(page.locator(`tbody tr[data-alarm-row="${uuid}"]`)).toBeVisible();
  await page.getByRole("button", { name: "Open for the team" }).click();
  await expect(page).toHaveURL(/q=INC-\d+\+closed%3Afalse/);
  await expect(page.locator("tbody tr[data-alarm-row]")).toHaveCount(0);
  await partner.dispose();
});
