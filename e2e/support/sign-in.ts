import {
  expect,
  type APIRequest,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from "@playwright/test";
import { e2e } from "./env";

// Signing in and out, through the sign-in page as an analyst does or through next-auth's
// endpoints as the page does: for the specs (and, the form alone, the UI bench).

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
 * Opens the sign-in page (`signInUrl`: another server's, or with a callbackUrl), signs in with the
 * form and waits until the browser has left the sign-in page.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  signInUrl = "/signin",
): Promise<void> {
  await page.goto(signInUrl);
  await fillAndSubmitSignIn(page, username, password);
  await page.waitForURL((url) => url.pathname !== "/signin");
}

/** Who the browser's session belongs to, as next-auth says (null: signed out). */
export async function sessionUser(page: Page): Promise<unknown> {
  const response = await page.request.get("/api/auth/session");
  return ((await response.json()) as { user?: unknown }).user ?? null;
}

/**
 * Resolves with the next top-level document request back on the app, other than its sign-in
 * page and auth routes: where a sign-in lands.
 */
export function landing(page: Page) {
  return page.waitForRequest((request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return false;
    if (!request.url().startsWith(e2e.appUrl)) return false;
    const { pathname } = new URL(request.url());
    return !pathname.startsWith("/signin") && !pathname.startsWith("/api/");
  });
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

/**
 * A fresh API client (`playwright.request`), signed in as `username`: a browser of its own, apart
 * from the test's page. Fails the test if the sign-in does.
 */
export async function signedInClient(
  request: APIRequest,
  username: string,
  password: string,
): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL: e2e.appUrl });
  expect(await apiSignIn(client, username, password), `${username} signs in`).toEqual({
    ok: true,
    error: null,
  });
  return client;
}

/** Signs out through next-auth's endpoint (CSRF-checked), as the user menu does. */
export async function apiSignOut(request: APIRequestContext): Promise<APIResponse> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as {
    csrfToken: string;
  };
  return request.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
}

/** Whether `cookie` is next-auth's session cookie (a __Secure- prefix over https). */
export const isSessionCookie = (cookie: { name: string }) =>
  cookie.name.endsWith("next-auth.session-token");

/** The session cookie `request` holds, as a Cookie header value, to replay from elsewhere. */
export async function sessionCookie(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const session = cookies.find(isSessionCookie);
  if (!session) throw new Error("no session cookie: the sign-in did not succeed");
  return `${session.name}=${session.value}`;
}
