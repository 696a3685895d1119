import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

// The export as the specs drive it: the list's Export button, its dialog's count, and the CSV
// the browser downloads, read back as rows.

/** The export dialog of the list on screen. */
export const exportDialog = (page: Page) => page.getByRole("dialog", { name: "Export this view" });

/**
 * Opens the dialog, expects it to count `count` alarms, downloads the CSV and reads it: the file's
 * name and rows (by column name).
 */
export async function exportCsv<T>(
  page: Page,
  count: number,
): Promise<{ fileName: string; rows: T[] }> {
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = exportDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The export will hold ${count} alarms (cap 100,000)`);
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  const text = await readFile((await download.path())!, "utf8");
  const rows = parse(text.replace(/^\uFEFF/, ""), { columns: true }) as T[];
  return { fileName: download.suggestedFilename(), rows };
}
