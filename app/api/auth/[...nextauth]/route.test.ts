import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import * as route from "./route";

// next-auth's endpoints as Next calls them, signed out: what next-auth answers passes (its CSRF
// token, the {url} its client reads of a failed sign-in), and its own errors, text until now
// ("[object Object]" for a session update without a CSRF token), come in our one error shape.

// next-auth reads the request's cookies and headers from next/headers, by require(): the same
// module object this file patches (vi.mock reaches only the files vitest transforms).
const nextHeaders = createRequire(import.meta.url)("next/headers") as typeof import("next/headers");
const sent = { headers: new Headers() };

const ORIGIN = "http://console.test";
type Handler = (request: NextRequest, context: { params: Promise<object> }) => Promise<Response>;

beforeAll(() => {
  vi.stubEnv("USM_BASE_URL", "http://127.0.0.1:9");
  vi.stubEnv("USM_SIMULATOR", "1");
  vi.stubEnv("DEMO_PASSWORD", "demo-password-for-the-route-test");
  vi.stubEnv("NEXTAUTH_SECRET", "route-test-session-secret-0123456789");
  vi.stubEnv("NEXTAUTH_URL", ORIGIN);
  vi.stubEnv("REDIS_URL", "");
  vi.spyOn(nextHeaders, "headers").mockImplementation(async () => sent.headers as never);
  vi.spyOn(nextHeaders, "cookies").mockImplementation(
    async () =>
      ({
        getAll: () =>
          (sent.headers.get("cookie") ?? "")
            .split("; ")
            .filter(Boolean)
            .map((pair) => ({
              name: pair.slice(0, pair.indexOf("=")),
              value: decodeURIComponent(pair.slice(pair.indexOf("=") + 1)),
            })),
      }) as never,
  );
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
beforeEach(() => (sent.headers = new Headers()));

/** Calls the route file's `method` for /api/auth/<path>, as Next would. */
async function call(
  method: keyof typeof route,
  path: string,
  { body, type, cookie }: { body?: string; type?: string; cookie?: string } = {},
): Promise<Response> {
  const headers = new Headers({ origin: ORIGIN });
  if (type) headers.set("content-type", type);
  if (cookie) headers.set("cookie", cookie);
  sent.headers = headers;
  const request = new NextRequest(`${ORIGIN}/api/auth/${path}`, { method, headers, body });
  const handler = route[method] as Handler | undefined;
  if (!handler) throw new Error(`the route file has no ${method}`);
  return handler(request, { params: Promise.resolve({ nextauth: path.split("/") }) });
}

/** The answer's error, when it is JSON in our shape; null otherwise. */
async function errorOf(answer: Response) {
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  return parseErrorBody(await answer.json())?.error ?? null;
}

it("answers a signed-out session update with a JSON body 400 in our error shape", async () => {
  const answer = await call("POST", "session", { body: "{}", type: "application/json" });
  expect(answer.status).toBe(400);
  expect((await errorOf(answer))?.code).toBe("invalid_request");
});

it("answers an action next-auth does not have 400 in our error shape", async () => {
  const answer = await call("GET", "no-such-action");
  expect(answer.status).toBe(400);
  expect((await errorOf(answer))?.code).toBe("invalid_request");
});

it("answers a body that says JSON and is not 400 in our error shape, before next-auth reads it", async () => {
  const answer = await call("POST", "signout", { body: "{not json", type: "application/json" });
  expect(answer.status).toBe(400);
  expect(await errorOf(answer)).toMatchObject({
    code: "invalid_request",
    message: "The body is not valid JSON.",
  });
});

it("answers the methods next-auth does not serve 405 in our error shape, naming GET and POST", async () => {
  const answer = await call("DELETE", "session", { body: "{}", type: "application/json" });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  expect((await errorOf(answer))?.code).toBe("method_not_allowed");
});

it("passes next-auth's own answers: its CSRF token, and the {url} of a failed sign-in its client reads", async () => {
  const csrf = await call("GET", "csrf");
  expect(csrf.status).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");

  const body = new URLSearchParams({
    csrfToken,
    username: "analyst",
    password: "not the password",
    json: "true",
  });
  const failed = await call("POST", "callback/credentials", {
    body: body.toString(),
    type: "application/x-www-form-urlencoded",
    cookie,
  });
  expect(failed.status).toBe(401);
  const { url } = (await failed.json()) as { url: string };
  expect(new URL(url).searchParams.get("error")).toBe("CredentialsSignin");
});
