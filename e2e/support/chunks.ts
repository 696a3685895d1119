import type { Page } from "@playwright/test";

/**
 * Holds back the browser's script chunk that contains `marker` (a string its code carries, such
 * as a label) until the returned function is called: the page then runs without that code, as a
 * slow network would leave it, for a spec to see what stands meanwhile.
 */
export async function holdChunk(page: Page, marker: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) await released;
    await route.fulfill({ response, body });
  });
  return release;
}
