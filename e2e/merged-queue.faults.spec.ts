import { expect, test } from "@playwright/test";
import { e2e } from "./support/env";
import { MERGED_QUEUE, table } from "./support/list";
import { simulatorAdmin } from "./support/simulator-api";

// The merged queue when one deployment fails: Globex's simulator is broken on purpose (so this
// runs in the `faults` project, alone), and the queue must name it rather than look complete.

const globex = simulatorAdmin(e2e.simulator2Url);

test.afterEach(async () => {
  await globex.reset();
});

test("a deployment that fails is named, and the others' alarms are still shown", async ({
  page,
}) => {
  await globex.faults({ failRate: 1, failStatus: 503, routes: ["alarms"] });
  // A filter no other spec uses: the server's short cache cannot answer for Globex.
  await page.goto("/d/all/alarms?size=10&status=in_review&priority_label=medium&suppressed=false");
  const alert = page.getByRole("alert").filter({ hasText: "Globex:" });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText(e2e.simulator2Url);
  const queue = table(page, MERGED_QUEUE);
  const links = queue.locator("tbody tr a[data-row-link]");
  await expect(links).toHaveCount(10);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect(hrefs.every((href) => href?.startsWith("/d/acme/alarms/"))).toBe(true);

  // Globex answers again: its alarms are there, and no banner.
  await globex.reset();
  await page.goto(
    "/d/all/alarms?size=10&status=in_review&priority_label=medium&suppressed=false&deployments=globex",
  );
  await expect(queue.locator("tbody tr a[href^='/d/globex/']")).toHaveCount(10);
  await expect(alert).toBeHidden();
});
