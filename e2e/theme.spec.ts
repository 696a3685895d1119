import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { axeViolations } from "./support/a11y";
import { hydrated, open } from "./support/list";

// The theme an analyst chooses in the user menu: Light, Dark or the system's, remembered in this
// browser and shown from the first paint (an inline script sets it before the page's scripts
// run), the system's followed as it changes.

const LIST = "/d/acme/alarms?size=10";

/** How light the page's background is, 0 (black) to 1 (white), as the browser paints it. */
function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255;
  });
}

async function expectDark(page: Page, dark: boolean) {
  await expect(page.locator("html")).toHaveAttribute("data-theme", dark ? "dark" : "light");
  const lightness = await backgroundLightness(page);
  if (dark) expect(lightness, "a dark background").toBeLessThan(0.2);
  else expect(lightness, "a light background").toBeGreaterThan(0.8);
}

async function chooseTheme(page: Page, name: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: "Account menu" }).click();
  const group = page.getByRole("group", { name: "Theme" });
  await group.getByRole("radio", { name }).check();
  await expect(group.getByRole("radio", { name })).toBeChecked();
  await page.keyboard.press("Escape");
}

test("Dark makes the page dark, and stays chosen after a reload and on a new page", async ({
  page,
  context,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, LIST);
  await expectDark(page, false);

  await chooseTheme(page, "Dark");
  await expectDark(page, true);

  // Shown by the server's page before React runs it, without a mismatch when it does.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.reload();
  await expectDark(page, true);
  await hydrated(page);
  expect(errors).toEqual([]);

  // A new page whose own scripts never run: dark all the same, from the inline script alone.
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: "light" });
  await other.route(/\/_next\/static\/.*\.js(\?.*)?$/, (route) => route.abort());
  await other.goto("/");
  await expectDark(other, true);
  await other.close();

  await chooseTheme(page, "Light");
  await expectDark(page, false);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectDark(page, false);
});

test("System follows the system's colour scheme as it changes, and is the default", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await open(page, LIST);
  await expectDark(page, true);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
  await page.keyboard.press("Escape");

  await chooseTheme(page, "Dark");
  await chooseTheme(page, "System");
  await page.emulateMedia({ colorScheme: "light" });
  await expectDark(page, false);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectDark(page, true);
});

test("the theme is chosen from the keyboard", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, LIST);
  const menu = page.getByRole("button", { name: "Account menu" });
  await menu.focus();
  await page.keyboard.press("Enter");
  // The menu open, as a person sees it before moving into it (its panel's code may still be
  // on its way on a page just loaded)...
  await expect(page.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
  // ...then into it: the theme's group comes first, at its checked choice (System).
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "System" })).toBeFocused();
  expect(await axeViolations(page, { include: "header" }), "light").toEqual([]);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expectDark(page, true);
  expect(await axeViolations(page, { include: "header" }), "dark").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeFocused();
});
