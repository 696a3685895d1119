import { expect, test } from "./support/fixtures";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { alarmsFromApi } from "./support/alarms-api";
import { e2e } from "./support/env";
import { hydrated, rows } from "./support/list";
import { apiSignIn } from "./support/sign-in";

// Several deployments as analysts meet them: links from before deployments still land, a
// deployment one may not see is simply not there, and each page says which deployment it shows.
// The e2e app runs Acme, Globex and Initech (only local.analyst and the SSO group soc see it).

test("an old /alarms link lands on the default deployment with its whole query", async ({
  page,
}) => {
  await page.goto("/alarms?size=10&status=OPEN&priority_label=high");
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?size=10&status=open&priority_label=high$/);
  await expect(rows(page)).toHaveCount(10);
  await expect(page).toHaveTitle(/ · Open · High · Acme · Alarm Console$/);

  const uuid = await rows(page).first().getAttribute("data-alarm-row");
  await page.goto(`/alarms/${uuid}?tz=Asia/Tokyo`);
  await expect(page).toHaveURL(new RegExp(`/d/acme/alarms/${uuid}\\?tz=Asia%2FTokyo$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/ · Acme · Alarm Console$/);
});

test("a deployment the analyst may not see answers as one that does not exist", async ({
  page,
}) => {
  for (const key of ["initech", "nowhere"]) {
    const response = await page.goto(`/d/${key}/alarms?status=open`);
    expect(response?.status(), key).toBe(404);
    await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
    await expect(page.getByText("Initech")).toHaveCount(0);
  }
  const answers = await Promise.all(
    ["initech", "nowhere"].map(async (key) => {
      const response = await page.request.get(`/api/d/${key}/alarms?size=10`);
      expect(response.status()).toBe(404);
      return response.json();
    }),
  );
  expect(parseErrorBody(answers[0])?.error.code).toBe("not_found");
  expect(answers[0]).toEqual(answers[1]);
  const detail = await page.request.get(
    "/api/d/initech/alarms/00000000-0000-4000-8000-000000000000",
  );
  expect(detail.status()).toBe(404);
});

test.describe("an analyst Initech admits", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("sees Initech's alarms, read from its own deployment", async ({ page }) => {
    const signIn = await apiSignIn(page.context().request, "local.analyst", e2e.localPassword);
    expect(signIn).toEqual({ ok: true, error: null });
    const response = await page.goto("/d/initech/alarms?size=10");
    expect(response?.status()).toBe(200);
    await expect(rows(page)).toHaveCount(10);
    await expect(page).toHaveTitle(/ · Initech · Alarm Console$/);
    const initech = await alarmsFromApi(page.request, "size=10", "initech");
    expect(initech.alarms.map((alarm) => alarm.deployment)).toEqual(Array(10).fill("initech"));
    // Initech reads Globex's simulator with its own client: the same alarms, its own tag.
    const globex = await alarmsFromApi(page.request, "size=10", "globex");
    expect(globex.alarms.every((alarm) => alarm.deployment === "globex")).toBe(true);
  });
});

test("the home page shows a tile per deployment the analyst may see, with counts that lead to the list", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Deployments · Alarm Console");
  const acme = page.getByRole("article", { name: "Acme" });
  const globex = page.getByRole("article", { name: "Globex" });
  await expect(acme).toBeVisible();
  await expect(globex.getByText("USM Central")).toBeVisible();
  await expect(page.getByRole("article", { name: "Initech" })).toHaveCount(0);

  // The tile's counts are the deployment's own: the same as the list's totals.
  const total = async (query: string) =>
    (await alarmsFromApi(page.request, query)).page.totalElements;
  const open = await total("status=open&size=10");
  const high = await total("status=open&priority_label=high&size=10");
  const format = (n: number) => n.toLocaleString("en-US");
  await expect(acme.getByRole("link", { name: `Open in USM: ${format(open)}` })).toBeVisible();
  await acme.getByRole("link", { name: `High: ${format(high)}` }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?status=open&priority_label=high$/);
  await expect(page).toHaveTitle(`${format(high)} alarms · Open · High · Acme · Alarm Console`);
});

test("the switcher moves to another deployment keeping the view's filters, by mouse or by keyboard", async ({
  page,
}) => {
  await page.goto("/d/acme/alarms?page=2&size=10&status=open");
  await expect(rows(page)).toHaveCount(10);
  const switcher = page.getByRole("button", { name: /^Deployment: Acme/ });
  await expect(switcher).toBeVisible();
  // The rows are the server's HTML: the key does something once the page is interactive.
  await hydrated(page);

  await page.keyboard.press("d");
  const menu = page.getByRole("menu", { name: "Deployments" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /Initech/ })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: /Globex/ }).click();
  // The first page of the same view: page numbers belong to one deployment's list.
  await expect(page).toHaveURL(/\/d\/globex\/alarms\?size=10&status=open$/);
  await expect(page).toHaveTitle(/ · Open · Globex · Alarm Console$/);
  await expect(page.getByRole("button", { name: /^Deployment: Globex/ })).toBeVisible();

  await page.keyboard.press("d");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: /^Deployment: Globex/ })).toBeFocused();
});
