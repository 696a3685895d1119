import { expect, test as setup } from "@playwright/test";
import { ANALYST_STORAGE_STATE, e2e } from "./support/env";
import { signIn } from "./support/sign-in";

// Signs in once as the demo analyst through the sign-in page; the other specs start signed in.

setup("sign in as the demo analyst", async ({ page }) => {
  await signIn(page, "analyst", e2e.demoPassword);
  expect(new URL(page.url()).pathname).toBe("/");

  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).toMatchObject({ user: { name: "analyst" } });
  await page.context().storageState({ path: ANALYST_STORAGE_STATE });
});
