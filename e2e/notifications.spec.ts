import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { open, newAlarmsBanner } from "./support/list";
import { openLive, umbrella, withinAPoll } from "./support/live";
import { signIn } from "./support/sign-in";

// Desktop notifications, in the full browser (the "notifications" project): the headless shell
// every other spec runs in reads Notification.permission as "denied" even once it is granted.

test("Notify high says so when the browser blocks the console's notifications", async ({
  page,
}) => {
  // This browser was never asked: it answers a request for notifications with a refusal.
  await open(page, "/d/acme/alarms");
  const notify = page.getByRole("button", { name: "Notify high" });
  await notify.click();
  await expect(notify).toHaveAttribute("data-notify", "blocked");
  await expect(notify).toContainText("blocked");
  await expect(notify).toHaveAttribute("aria-pressed", "false");
  await expect(notify).toHaveAttribute("title", /blocks the console's notifications/);
});

test.describe("as live.analyst, on Umbrella's list", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test.beforeEach(async ({ page }) => {
    await signIn(page, "live.analyst", e2e.localPassword);
  });

  test("on request, a desktop notification for each new high alarm, none for the others", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["notifications"]);
    // The browser's own Notification, counted on its way.
    await page.addInitScript(() => {
      const Real = window.Notification;
      const shown: string[] = [];
      (window as unknown as { shown: string[] }).shown = shown;
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title} | ${options?.tag ?? ""}`);
        }
      } as typeof Notification;
    });
    await openLive(page);
    const notify = page.getByRole("button", { name: "Notify high" });
    await expect(notify).toHaveAttribute("aria-pressed", "false"); // off by default
    await notify.click();
    await expect(notify).toHaveAttribute("aria-pressed", "true");
    await umbrella.addAlarm({ status: "open", priority: 20 }); // low: no notification
    const high = await umbrella.addAlarm({ status: "open", priority: 90 });
    await expect(newAlarmsBanner(page)).toHaveText(/^2 new alarms/, withinAPoll());
    const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
    expect(shown).toEqual([`New high alarm · Umbrella | ${high}`]);
  });
});
