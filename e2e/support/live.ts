import { expect, type Page } from "@playwright/test";
import { e2e } from "./env";
import { liveStatus, open, rows } from "./list";
import { simulatorAdmin } from "./simulator-api";

// The live queue's specs: Umbrella (only live.analyst sees it, so the alarms added there move
// nobody else's counts), its simulator's admin API, and how long an announcement may take.

/** How often the e2e app polls a watched view. */
export const interval = () => e2e.liveIntervalMs;

/** A poll after the change, and the message's way to the page. */
export const withinAPoll = () => ({ timeout: interval() + 2_000 });

/** Umbrella's simulator, where the alarms and status changes of the live specs go in. */
export const umbrella = simulatorAdmin(e2e.simulator3Url);

/** Opens a view of Umbrella's list and waits until its watcher has polled once (its baseline). */
export async function openLive(page: Page, search = ""): Promise<void> {
  await open(page, `/d/umbrella/alarms${search}`);
  await expect(rows(page).first()).toBeVisible();
  await expect(liveStatus(page)).toHaveText(/^Updated/);
}
