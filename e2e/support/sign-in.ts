import type { APIRequestContext, APIResponse, Page } from "@playwright/test";

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

/**
 * Signs in through next-auth's credentials endpoint, as the sign-in form does, within `request`
 * (a fresh APIRequestContext keeps its own cookies). `forwardedFor` sets X-Forwarded-For: the
 * e2e app is configured as behind one proxy, so it counts the attempt against that address. Resolves
 * with the answer next-auth gave; signed in when `ok`.
 */
export async function apiSignIn(
  request: APIRequestContext,
  username: string,
  password: string,
  forwardedFor?: string,
): Promise<{ ok: boolean; error: string | null }> {
  const headers = forwardedFor ? { "X-Forwarded-For": forwardedFor } : undefined;
  const csrf = await request.get("/api/auth/csrf", { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await request.post("/api/auth/callback/credentials", {
    headers,
    form: { csrfToken, username, password, json: "true" },
  });
  const { url } = (await answer.json()) as { url?: string };
  const error = url ? new URL(url).searchParams.get("error") : null;
  return { ok: answer.ok() && !error, error };
}

/** Signs out through next-auth's endpoint (CSRF-checked), as the user menu does. */
export async function apiSignOut(request: APIRequestContext): Promise<APIResponse> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as {
    csrfToken: string;
  };
  return request.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
}

/** The session cookie `request` holds, as a Cookie header value, to replay from elsewhere. */
export async function sessionCookie(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const session = cookies.find((cookie) => cookie.name.endsWith("next-auth.session-token"));
  if (!session) throw new Error("no session cookie: the sign-in did not succeed");
  return `${session.name}=${session.value}`;
}
