import { expect, test } from "@playwright/test";
import { e2e } from "./support/env";
import { MERGED_QUEUE, table } from "./support/list";

// The merged queue when one deployment fails: Globex's simulator is broken on purpose (so this
// runs in the `faults` project, alone), and the queue must name it rather than look complete.

async function globex(path: string, body?: unknown) {
  const response = await fetch(`${e2e.simulator2Url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
}

test.afterEach(async () => {
  await globex("/_sim/reset");
});

test("a deployment that fails is named, and the others' alarms are still shown", async ({
  page,
}) => {
  await globex("/_sim/faults", { failRate: 1, failStatus: 503, routes: ["alarms"] });
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
  await globex("/_sim/reset");
  await page.goto(
    "/d/all/alarms?size=10&status=in_review&priority_label=medium&suppressed=false&deployments=globex",
  );
  await expect(queue.locator("tbody tr a[href^='/d/globex/']")).toHaveCount(10);
  await expect(alert).toBeHidden();
});
