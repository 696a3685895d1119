import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "@playwright/test";
import type { SavedViews } from "@/lib/shared/triage/saved-views";
import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import { e2e } from "./support/env";
import { open } from "./support/list";
import { signIn } from "./support/sign-in";

// The team's activity as a lead reads it (lead.analyst, in a browser of their own): what the
// worker's analyst did, found by analyst and action, the link shared and opened again to the
// same rows, the trail exported as CSV and read back; and a saved view made the lead's default,
// on which a bare deployment list opens (never a link with a query of its own).

async function asLead(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const lead = await context.newPage();
  await signIn(lead, "lead.analyst", e2e.localPassword);
  return lead;
}

const rowIds = (page: Page) =>
  page
    .locator("[data-activity-row]")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-activity-row")));

test("a lead finds an analyst's acknowledgement by analyst and action, shares the link and exports it", async ({
  page,
  browser,
  analyst,
}) => {
  // An alarm few specs touch: the least urgent of a late page.
  const { alarms } = await alarmsFromApi(page.request, "size=50&page=3&sort=priority,asc");
  const alarm = alarms.at(-1)!;
  const path = `/api/d/acme/alarms/${alarm.uuid}/triage/acknowledged`;
  await page.request.put(path, { data: { acknowledged: false } });
  expect((await page.request.put(path, { data: { acknowledged: true } })).status()).toBe(200);

  const lead = await asLead(browser);
  await open(lead, "/");
  await lead
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Activity" })
    .click();
  await expect(lead.getByRole("heading", { name: "Activity" })).toBeVisible();
  await lead.getByLabel("Analyst").fill(analyst);
  await lead.getByLabel("Action").selectOption("acknowledged");
  await lead.getByRole("button", { name: "Filter" }).click();
  await expect(lead).toHaveURL(`/activity?analyst=${analyst}&action=acknowledged`);
  const rows = lead.locator("[data-activity-row]");
  const first = rows.first();
  await expect(first).toContainText("acknowledged it");
  await expect(first.getByRole("link", { name: `Open alarm ${alarm.uuid}` })).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain("Acknowledgement");

  // The link, opened again in another tab, shows the same rows.
  const shared = await lead.context().newPage();
  await shared.goto(lead.url());
  await expect(shared.getByLabel("Analyst")).toHaveValue(analyst);
  await expect(shared.getByLabel("Action")).toHaveValue("acknowledged");
  expect(await rowIds(shared)).toEqual(await rowIds(lead));

  // Its export, while the console runs: the filtered trail, each alarm linked on the console.
  const downloading = lead.waitForEvent("download");
  await lead.getByRole("link", { name: "CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-.*\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const records = parse(text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
  expect(records.length).toBeGreaterThan(0);
  expect(records.every((row) => row.analyst === analyst && row.action === "acknowledged")).toBe(
    true,
  );
  expect(records[0]).toMatchObject({
    alarm: alarm.uuid,
    deployment: "acme",
    description: "acknowledged it",
    alarm_link: `${e2e.appUrl}/d/acme/alarms/${alarm.uuid}`,
  });
  await lead.context().close();
});

test("a bare deployment list opens on the lead's default view; a link with a query never does", async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000); // two browsers signed in on two cores
  const lead = await asLead(browser);
  const name = `Lead's open ${testInfo.retry}`;
  await open(lead, "/d/acme/alarms?status=open");
  await lead.getByRole("button", { name: "Views" }).click();
  await lead.getByRole("button", { name: "Save this view…" }).click();
  await lead.getByLabel("Name").fill(name);
  await lead.getByRole("button", { name: "Save", exact: true }).click();
  await lead.getByRole("button", { name: `Change ${name}` }).click();
  await lead.getByRole("button", { name: "Make default" }).click();
  const mine = lead.getByRole("region", { name: "My views" });
  await expect(mine.getByText("Default of deployment lists")).toBeVisible();

  await open(lead, "/d/acme/alarms");
  await expect(lead).toHaveURL("/d/acme/alarms?status=open");
  await open(lead, "/d/globex/alarms");
  await expect(lead).toHaveURL("/d/globex/alarms?status=open");
  await open(lead, "/d/acme/alarms?priority_label=high");
  await expect(lead).toHaveURL("/d/acme/alarms?priority_label=high");

  // Deleted, the view is no one's default: the bare list opens plain again.
  const { views } = (await (await lead.request.get("/api/views")).json()) as SavedViews;
  const saved = views.find((view) => view.name === name)!;
  expect(saved.isDefault).toBe(true);
  expect((await lead.request.delete(`/api/views/${saved.id}`)).status()).toBe(200);
  await open(lead, "/d/acme/alarms");
  await expect(lead).toHaveURL("/d/acme/alarms");
  await lead.context().close();
});
