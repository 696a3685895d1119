import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import {
  cellTexts,
  multiFilter,
  open,
  pager,
  pickFilter,
  rows,
  searchParam,
  settled,
  table,
} from "./support/list";

// The alarm list's filters as an analyst uses them: each narrows the rows through the URL, against
// the real app and the real simulator (5000 alarms, seed 42). The rest of the list: ./alarms.spec.ts.

test.describe("filters", () => {
  test("status, priority and suppressed narrow the rows and reset the page", async ({ page }) => {
    await open(page, "/d/acme/alarms?page=3");
    await pickFilter(page, "USM status", ["In review"]);
    await expect(page).toHaveURL(/status=in_review/);
    await expect(page).not.toHaveURL(/[?&]p(age)?=/);
    await settled(page);
    for (const text of await cellTexts(page, 1)) expect(text).toContain("In review");

    await pickFilter(page, "Priority", ["High"]);
    await expect(page).toHaveURL(/priority_label=high/);
    await settled(page);
    for (const text of await cellTexts(page, 0)) expect(text).toMatch(/^High/);

    await page.getByLabel("Suppressed", { exact: true }).selectOption("true");
    await expect(page).toHaveURL(/suppressed=true/);
    await settled(page);
    const statuses = await cellTexts(page, 1);
    expect(statuses.length).toBeGreaterThan(0);
    for (const text of statuses) expect(text).toMatch(/^In review\s+Suppressed$/i);

    const chips = page.getByRole("group", { name: "Active filters" });
    await expect(chips.getByRole("button", { name: /^Remove filter/ })).toHaveCount(3);
    await chips.getByRole("button", { name: "Remove filter Suppressed: yes" }).click();
    await expect(page).not.toHaveURL(/suppressed=/);
    await chips.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/alarms$/);
    await expect(pager(page)).toContainText("5,000 alarms");
  });

  test("rule strategy, method and intent match exactly", async ({ page }) => {
    const { alarms } = await alarmsFromApi(page.request, "sort=rule_method,asc&size=10");
    const { rule } = alarms.find(({ rule: r }) => r.strategy && r.method && r.intent)!;
    const [strategy, method, intent] = [rule.strategy!, rule.method!, rule.intent!];
    const ruleLines = async () => (await cellTexts(page, 2)).map((text) => text.split("\n"));

    await open(page, "/d/acme/alarms?sort=rule_strategy,asc");
    await page.getByLabel("Strategy", { exact: true }).fill(strategy);
    await page.getByLabel("Strategy", { exact: true }).press("Enter");
    await expect.poll(() => searchParam(page, "rule_strategy")).toBe(strategy);
    await settled(page);
    for (const [line] of await ruleLines()) expect(line?.startsWith(`${strategy}`)).toBe(true);

    await page.getByLabel("Method", { exact: true }).fill(method);
    await page.getByLabel("Method", { exact: true }).press("Enter");
    await expect.poll(() => searchParam(page, "rule_method")).toBe(method);
    await settled(page);
    const byMethod = await ruleLines();
    expect(byMethod.length).toBeGreaterThan(0);
    for (const [line] of byMethod) expect(line).toBe(`${strategy} / ${method}`);

    // Intent is a choice of the known intents.
    await pickFilter(page, "Intent", [intent]);
    await expect.poll(() => searchParam(page, "rule_intent")).toBe(intent);
    await settled(page);
    for (const [, line] of await ruleLines()) expect(line?.split(" · ")[0]).toBe(intent);

    // A near miss is not a match (exact match upstream), and the page says so and offers the
    // nearest known name. (A typo that no known name contains: Enter takes a highlighted
    // suggestion, and there is none for it.)
    const typo = method.slice(0, -1) + (method.endsWith("q") ? "z" : "q");
    // The box adds a value to those taken (any of them): the method goes first.
    await page.getByRole("button", { name: `Remove Method: ${method}`, exact: true }).click();
    await expect.poll(() => searchParam(page, "rule_method")).toBeNull();
    await page.getByLabel("Method", { exact: true }).fill(typo);
    await page.getByLabel("Method", { exact: true }).press("Enter");
    await expect(page.getByRole("heading", { name: "No alarms match" })).toBeVisible();
    const hint = page.getByTestId("did-you-mean");
    await expect(hint).toContainText("match whole names");
    await hint.getByRole("button", { name: method, exact: true }).click();
    await expect.poll(() => searchParam(page, "rule_method")).toBe(method);
    await settled(page);
    expect((await ruleLines()).length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/sort=rule_strategy(,|%2C)asc$/);
    await expect(rows(page)).toHaveCount(20);
  });

  test("text filters suggest every known value containing what is typed", async ({ page }) => {
    await open(page, "/d/acme/alarms");
    const strategy = page.getByLabel("Strategy", { exact: true });
    await strategy.fill("shell");
    const known = page.getByRole("listbox", { name: "Known values" });
    await expect(known.getByRole("option", { name: "Web Shell" })).toBeVisible();
    await strategy.fill("brute");
    await expect(known.getByRole("option").first()).toHaveText("Brute Force Authentication");
    // The first suggestion is highlighted as one types, so Enter takes it; the arrows move on.
    await expect(known.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await strategy.press("ArrowDown");
    await strategy.press("ArrowUp");
    await expect(known.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await strategy.press("Enter");
    await expect.poll(() => searchParam(page, "rule_strategy")).toBe("Brute Force Authentication");
    await settled(page);
    expect(await rows(page).count()).toBeGreaterThan(0);

    // Rare values deep in the data are offered from the first load (the server's catalogue).
    await multiFilter(page, "Intent").click();
    const intents = await page
      .getByRole("group", { name: "Intent: any of" })
      .getByRole("checkbox")
      .evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent?.trim()));
    expect(intents).toEqual(expect.arrayContaining(["Delivery & Attack", "System Compromise"]));
    await page.keyboard.press("Escape");
    await strategy.fill("dump");
    await expect(known.getByRole("option", { name: "Credential Dumping" })).toBeVisible();
  });

  test("sensor takes a sensor uuid and refuses anything else", async ({ page }) => {
    const [alarm] = (await alarmsFromApi(page.request, "size=10")).alarms;
    const sensor = (alarm!.sensorSources[0] ?? alarm!.sensorUuid)!;
    await open(page, "/d/acme/alarms");
    const input = page.getByLabel("Sensor", { exact: true });
    await input.fill("not-a-sensor");
    await input.press("Enter");
    await expect(page.getByText("Enter a sensor uuid")).toBeVisible();
    await expect(page).not.toHaveURL(/alarm_sensor_sources/);

    await input.fill(sensor);
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`alarm_sensor_sources=${sensor}`));
    await settled(page);
    const filtered = await alarmsFromApi(page.request, `alarm_sensor_sources=${sensor}`);
    const info = filtered.page;
    expect(info.totalElements).toBeLessThan(5000);
    await expect(pager(page)).toContainText(`${info.totalElements.toLocaleString("en-US")} alarms`);
  });

  test("rolling ranges show their resolved bounds, and typed bounds are exact", async ({
    page,
  }) => {
    await open(page, "/d/acme/alarms");
    await page.getByRole("button", { name: /^24h/ }).click();
    await expect(page).toHaveURL(/\/alarms\?range=24h$/);
    const resolved = page.getByTestId("resolved-range");
    await expect(resolved).toContainText("Last 24 hours: ");
    const [from, to] = ((await resolved.innerText()).split(": ")[1] ?? "")
      .split(" → ")
      .map((text) => Date.parse(`${text.slice(0, 19).replace(" ", "T")}Z`));
    expect(to! - from!).toBe(24 * 3600_000);
    await settled(page);
    const times = await table(page)
      .locator("tbody time")
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute("datetime") ?? "")));
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time >= from! && time <= to!).toBe(true);

    // Absolute bounds typed in (read in the zone shown, UTC here) replace the rolling range.
    await page.getByLabel("From (UTC)").fill("2020-01-01 00:00:00 UTC"); // as the table writes it
    await page.getByLabel("From (UTC)").press("Enter");
    await expect(page).toHaveURL(/timestamp_occured_gte=2020-01-01T00:00:00Z/);
    expect(searchParam(page, "range")).toBeNull();
    await page.getByLabel("To (UTC)").fill("2020-01-02T00:00");
    await page.getByLabel("To (UTC)").press("Enter");
    await expect(page).toHaveURL(/timestamp_occured_lte=2020-01-02T00:00:00Z/);
    await expect(page.getByRole("heading", { name: "No alarms match" })).toBeVisible();
    await expect(page.getByTestId("resolved-range")).toHaveText(
      "2020-01-01 00:00:00 UTC → 2020-01-02 00:00:00 UTC",
    );
  });
});
