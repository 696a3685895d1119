import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/a11y";
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

// The alarm list as an analyst uses it: server-rendered, sorted, paged and filtered through the
// URL, against the real app and the real simulator (5000 alarms, seed 42).

const priorities = async (page: Page) =>
  (await cellTexts(page, 0)).map((text) => Number(/(\d+)$/.exec(text)?.[1]));

test("the first paint comes from the server with the alarms already in it", async ({ page }) => {
  const response = await page.request.get("/d/acme/alarms?size=10");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html.match(/data-alarm-row=/g)).toHaveLength(10);
  expect(html).toContain("5,000");
});

test("sorts by a column header, both ways, and says so on the header", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const header = table(page).getByRole("columnheader", { name: /Priority/ });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(/sort=priority(,|%2C)desc/);
  await settled(page);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const descending = await priorities(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await header.getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(/sort=priority(,|%2C)asc/);
  await settled(page);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const ascending = await priorities(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  expect(ascending[0]).toBeLessThan(descending[0]!);

  // Sorting by a field that shares a header (the rule's method).
  await table(page).getByRole("button", { name: "Method" }).click();
  await expect(page).toHaveURL(/sort=rule_method(,|%2C)asc/);
  await expect(table(page).getByRole("columnheader", { name: /Strategy/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
});

test("pages first, next, previous, last, and changes the page size", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const pages = pager(page);
  await expect(pages).toContainText("Page 1 of 250");
  await expect(pages).toContainText("5,000 alarms");
  await expect(rows(page)).toHaveCount(20);
  const firstPage = await cellTexts(page, 2);

  await pages.getByRole("button", { name: "Next page" }).click();
  await expect(pages).toContainText("Page 2 of 250");
  await expect(page).toHaveURL(/[?&]p=2(&|$)/);
  await settled(page);
  expect(await cellTexts(page, 2)).not.toEqual(firstPage);

  await pages.getByRole("button", { name: "Last page" }).click();
  await expect(pages).toContainText("Page 250 of 250");
  await expect(pages.getByRole("button", { name: "Next page" })).toBeDisabled();
  await pages.getByRole("button", { name: "Previous page" }).click();
  await expect(pages).toContainText("Page 249 of 250");
  await pages.getByRole("button", { name: "First page" }).click();
  await expect(pages).toContainText("Page 1 of 250");
  await expect(page).not.toHaveURL(/[?&]p(age)?=/);
  await settled(page);
  expect(await cellTexts(page, 2)).toEqual(firstPage);

  await pages.getByLabel("Rows per page").selectOption("50");
  await expect(page).toHaveURL(/size=50/);
  await expect(rows(page)).toHaveCount(50);
  await expect(pages).toContainText("Page 1 of 100");
});

test.describe("filters", () => {
  test("status, priority and suppressed narrow the rows and reset the page", async ({ page }) => {
    await open(page, "/d/acme/alarms?page=3");
    await pickFilter(page, "Status", ["In review"]);
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

test("invalid parameters are corrected visibly, and the URL is replaced", async ({ page }) => {
  await open(page, "/d/acme/alarms?page=abc&size=7&sort=priority,up&status=open&utm_source=chat");
  const notice = page.getByRole("status").filter({ hasText: "corrected" });
  await expect(notice).toContainText("page");
  await expect(notice).toContainText("size");
  await expect(notice).toContainText("sort");
  // A parameter the list does not take is named too, and left out.
  await expect(notice).toContainText("utm_source: is not a parameter of this page");
  await expect(page).toHaveURL(/\/alarms\?status=open$/);
  await expect(multiFilter(page, "Status")).toHaveAccessibleName("Status Open");
  await expect(rows(page)).toHaveCount(20);
  await notice.getByRole("button", { name: /Dismiss/ }).click();
  await expect(notice).toBeHidden();
});

test("keyboard: / goes to the search box, j and k move, Enter opens", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  await page.keyboard.press("/");
  const search = page.getByRole("combobox", { name: "Search the index" });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue(""); // the "/" itself is not typed
  await page.keyboard.press("Escape");
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await page.keyboard.press("j");
  const second = rows(page).nth(1).getByRole("link");
  await expect(second).toBeFocused();
  const href = await second.getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
  await expect(page.locator("#alarm-title")).toBeVisible();
});

test("rows are real links (new tab works) and hovering prefetches the detail", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const link = rows(page).nth(2).getByRole("link");
  const href = await link.getAttribute("href");
  // The alarm's page, remembering the (default) list it was opened from.
  expect(href).toMatch(/^\/d\/acme\/alarms\/[0-9a-f-]{36}\?from=default$/);
  const alarmPath = new URL(href!, "http://console.test").pathname;
  const prefetched = page.waitForRequest((request) => request.url().endsWith(`/api${alarmPath}`));
  await link.hover();
  await prefetched;
});

test("no serious or critical accessibility violations on the list", async ({ page }) => {
  await open(page, "/d/acme/alarms?status=open");
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});
