import type { Page } from "@playwright/test";

// The sign-in form as an analyst fills it in: for the specs and the UI bench alike.

/** Fills in the sign-in form on the current page and submits it; does not wait for the answer. */
export async function fillAndSubmitSignIn(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}
