import { expect, test as setup } from "@playwright/test";
import { ANALYST_STORAGE_STATE, e2e } from "./support/env";
import { signIn } from "./support/sign-in";

// Signs in once as the demo analyst through the sign-in page; the other specs start signed in.

setup("sign in as the demo analyst", async ({ page }) => {
  // The first pages after the server starts share its start-up work (the index opened and
  // migrated, every deployment's backfill begun on PGlite's thread): more than a page's time.
  setup.setTimeout(90_000);
  await signIn(page, "analyst", e2e.demoPassword);
  expect(new URL(page.url()).pathname).toBe("/");

  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).toMatchObject({ user: { name: "analyst" } });
  await page.context().storageState({ path: ANALYST_STORAGE_STATE });
});
