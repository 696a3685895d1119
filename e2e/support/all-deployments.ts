import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { e2e } from "./env";
import { MERGED_QUEUE, rows, settled, table } from "./list";
import { everyAlarm, queueWhenIndexed } from "./search";
import type { UpstreamAlarm } from "./simulator-api";

// The queue of every deployment (/d/all/alarms) as its specs see it: what both simulators hold,
// ordered by hand, and the rows and lines the queue shows. The analyst sees Acme (simulator seed
// 42, 5,000 alarms) and Globex (seed 7, 1,800); their data never changes in the `chromium`
// project, so the truth is what both simulators hold.

export const QUEUE = "/d/all/alarms";
export const TOTAL = 6_800;
export const queue = (page: Page) => table(page, MERGED_QUEUE);
// One filter bar for every list: the deployment first, then the alarms' own filters.
export const filters = (page: Page) => page.getByRole("search", { name: "Filter alarms" });
export const position = (page: Page) => page.locator("[data-list-position]");

export type Held = UpstreamAlarm & { deployment: string };

/**
 * Every alarm the analyst may see: filled by holdWhenIndexed (each spec's beforeAll), once the
 * console's index holds them all.
 */
export const held: Held[] = [];

export async function holdWhenIndexed(request: APIRequestContext): Promise<void> {
  const [acme, globex] = await Promise.all([
    everyAlarm(e2e.simulatorUrl),
    everyAlarm(e2e.simulator2Url),
  ]);
  held.splice(
    0,
    held.length,
    ...acme.map((alarm) => ({ ...alarm, deployment: "acme" })),
    ...globex.map((alarm) => ({ ...alarm, deployment: "globex" })),
  );
  expect(held).toHaveLength(TOTAL);
  await queueWhenIndexed(request, TOTAL);
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const occurred = (alarm: Held) => Number(alarm.timestamp_occured);

/** The list's order, by hand: newest first, then deployment and uuid, A to Z. */
export function newestFirst(list: Held[]): string[] {
  return [...list]
    .sort(
      (a, b) =>
        occurred(b) - occurred(a) || text(a.deployment, b.deployment) || text(a.uuid, b.uuid),
    )
    .map((alarm) => `${alarm.deployment}/${alarm.uuid}`);
}

/** Highest priority first, then as newestFirst. */
export function highestFirst(list: Held[]): string[] {
  return [...list]
    .sort(
      (a, b) =>
        (b.priority ?? 0) - (a.priority ?? 0) ||
        occurred(b) - occurred(a) ||
        text(a.deployment, b.deployment) ||
        text(a.uuid, b.uuid),
    )
    .map((alarm) => `${alarm.deployment}/${alarm.uuid}`);
}

/** The rows on screen, once the table shows the URL's view: deployment/uuid from each link. */
export async function shown(page: Page): Promise<string[]> {
  await expect(rows(page, MERGED_QUEUE).first()).toBeVisible();
  await settled(page, MERGED_QUEUE);
  const hrefs = await rows(page, MERGED_QUEUE).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector("a[data-row-link]")?.getAttribute("href") ?? ""),
  );
  return hrefs.map((href) => {
    const match = /^\/d\/([^/]+)\/alarms\/([^/?]+)/.exec(href);
    expect(match, `a detail link: ${href}`).not.toBeNull();
    return `${match![1]}/${match![2]}`;
  });
}

/** The heading's line ("6,800 alarms · page 1 of 340 across Acme, Globex · …"). */
export const summary = (page: Page) => page.locator("[data-queue-count]").locator("..");
