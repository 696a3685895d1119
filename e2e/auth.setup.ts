import { expect, test as setup } from "@playwright/test";
import { e2e } from "./support/env";

// Signs in once as the demo analyst through the sign-in page; the other specs start signed in.
const STORAGE_STATE = "test-results/.auth/analyst.json";

setup("sign in as the demo analyst", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Username").fill("analyst");
  await page.getByLabel("Password").fill(e2e.demoPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/signin");
  expect(new URL(page.url()).pathname).toBe("/alarms");

  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).toMatchObject({ user: { name: "analyst" } });
  await page.context().storageState({ path: STORAGE_STATE });
});
