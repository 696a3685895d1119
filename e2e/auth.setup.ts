import { expect, test as setup } from "@playwright/test";
import { e2e, workerAnalyst } from "./support/env";
import { signIn } from "./support/sign-in";

// Signs in each worker's analyst once through the sign-in page, one browser each, and keeps its
// cookies for the specs (./support/fixtures.ts): the other specs start signed in.

setup("sign in each worker's analyst", async ({ browser }, setupInfo) => {
  // The first pages after the server starts share its start-up work (the index opened and
  // migrated, every deployment's backfill begun on PGlite's thread): more than a page's time.
  setup.setTimeout(90_000 + setupInfo.config.workers * 10_000);
  for (let worker = 0; worker < setupInfo.config.workers; worker += 1) {
    const { username, storageState } = workerAnalyst(worker);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, username, e2e.localPassword);
    expect(new URL(page.url()).pathname).toBe("/");

    const session = await page.request.get("/api/auth/session");
    expect(await session.json()).toMatchObject({ user: { name: username } });
    await context.storageState({ path: storageState });
    await context.close();
  }
});
