import NextAuth from "next-auth";
import { decode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { MemoryStore } from "@/lib/server/store/memory";
import { buildAuthOptions } from "./options";
import { SessionRegistry } from "./sessions";
import { SignInThrottle } from "./throttle";

const SECRET = "unit-test-secret-0123456789abcdef";

// Drives next-auth's own request handler (its pages-router entry, which runs outside a Next
// request scope) with the console's options: the Set-Cookie headers and redirects it produces
// are what a browser gets.

const sessionsByOptions = new WeakMap<object, SessionRegistry>();

function optionsFor(url: string) {
  vi.stubEnv("NEXTAUTH_URL", url);
  const env = parseEnv({
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: url,
    USM_BASE_URL: "http://127.0.0.1:4010",
    USM_SIMULATOR: "1",
    DEMO_PASSWORD: "demo-pw",
  });
  const store = new MemoryStore();
  const sessions = new SessionRegistry(store, {
    maxAgeMs: env.auth.sessionMaxAgeMs,
    idleTimeoutMs: env.auth.sessionIdleTimeoutMs,
  });
  const options = buildAuthOptions(env, { sessions, throttle: new SignInThrottle(store) });
  sessionsByOptions.set(options, sessions);
  return options;
}

interface Answer {
  status: number;
  location: string | undefined;
  cookies: string[];
  body: unknown;
}

/** One request through next-auth: `path` is what follows /api/auth/. */
async function call(
  options: ReturnType<typeof optionsFor>,
  method: "GET" | "POST",
  path: string,
  init: { cookies?: Record<string, string>; body?: Record<string, string>; host: string },
): Promise<Answer> {
  const headers = new Map<string, string | string[]>();
  const answer: Answer = { status: 200, location: undefined, cookies: [], body: undefined };
  const res = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
      return res;
    },
    send(body: unknown) {
      answer.body = body;
      return res;
    },
    end: () => res,
  };
  const req = {
    method,
    query: { nextauth: path.split("/") },
    headers: { host: init.host, "x-forwarded-for": "198.51.100.1" },
    cookies: init.cookies ?? {},
    body: init.body,
  };
  // The pages-router types (NextApiRequest/Response) are far wider than what next-auth reads.
  await NextAuth(req as never, res as never, options);
  const location = headers.get("location");
  answer.location = typeof location === "string" ? location : undefined;
  const setCookie = headers.get("set-cookie") ?? [];
  answer.cookies = Array.isArray(setCookie) ? setCookie : [setCookie];
  return answer;
}

async function signIn(
  url: string,
  password: string,
  callbackUrl: string,
  options = optionsFor(url),
) {
  const host = new URL(url).host;
  const csrf = await call(options, "GET", "csrf", { host });
  const csrfCookie = csrf.cookies.find((cookie) => cookie.includes("next-auth.csrf-token="));
  const [name, value] = (csrfCookie ?? "").split(";")[0]!.split("=") as [string, string];
  const { csrfToken } = csrf.body as { csrfToken: string };
  const answer = await call(options, "POST", "callback/credentials", {
    host,
    cookies: { [name]: decodeURIComponent(value) },
    body: { csrfToken, username: "analyst", password, callbackUrl },
  });
  return {
    ...answer,
    options,
    csrf: { cookies: { [name]: decodeURIComponent(value) }, token: csrfToken },
    session: answer.cookies.find((cookie) => /next-auth\.session-token=/.test(cookie)),
  };
}

/** The value of the session cookie in a Set-Cookie line. */
const cookieValue = (line: string | undefined) => (line ?? "").split(";")[0]!.split("=")[1]!;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("next-auth options", () => {
  it("over https: the session cookie is __Secure-, Secure, HttpOnly, SameSite=Lax", async () => {
    const response = await signIn("https://console.example.org", "demo-pw", "/alarms?page=2");
    expect(response.session).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(response.session).toMatch(/; HttpOnly/);
    expect(response.session).toMatch(/; Secure/);
    expect(response.session).toMatch(/; SameSite=Lax/);
    expect(response.location).toBe("https://console.example.org/alarms?page=2");
  });

  it("over http (loopback): HttpOnly and SameSite=Lax, not Secure", async () => {
    const response = await signIn("http://localhost:3000", "demo-pw", "/alarms");
    expect(response.session).toMatch(/^next-auth\.session-token=/);
    expect(response.session).toMatch(/; HttpOnly/);
    expect(response.session).toMatch(/; SameSite=Lax/);
    expect(response.session).not.toMatch(/; Secure/);
  });

  it.each(["https://evil.com/phish", "//evil.com", "/\\evil.com", "javascript:alert(1)"])(
    "sends the analyst home, not to %s",
    async (callbackUrl) => {
      const response = await signIn("http://localhost:3000", "demo-pw", callbackUrl);
      expect(response.session).toBeDefined();
      expect(response.location).toBe("http://localhost:3000/");
    },
  );

  it("a wrong password sets no session and reports CredentialsSignin", async () => {
    const response = await signIn("http://localhost:3000", "wrong", "/alarms");
    expect(response.session).toBeUndefined();
    expect(response.location).toContain("error=CredentialsSignin");
  });

  it("registers each sign-in as a session of its own, which a refresh must find alive", async () => {
    const url = "http://localhost:3000";
    const host = "localhost:3000";
    const signedIn = await signIn(url, "demo-pw", "/alarms");
    const token = await decode({ token: cookieValue(signedIn.session), secret: SECRET });
    expect(token).toMatchObject({ sub: "local:analyst", sid: expect.any(String) });
    const sessions = sessionsByOptions.get(signedIn.options)!;
    expect(await sessions.check(token!.sid as string, "local:analyst")).toBe(true);

    const cookie = { "next-auth.session-token": cookieValue(signedIn.session) };
    const alive = await call(signedIn.options, "GET", "session", { host, cookies: cookie });
    expect(alive.body).toMatchObject({ user: { name: "analyst" } });

    // Revoked (a sign-out elsewhere): the same cookie now gets no session and loses itself.
    await sessions.revoke(token!.sid as string);
    const ended = await call(signedIn.options, "GET", "session", { host, cookies: cookie });
    expect(ended.body).toEqual({});
    const reissued = ended.cookies.find((line) => /^next-auth\.session-token=[^;]+;/.test(line));
    expect(reissued).toBeUndefined();
    expect(ended.cookies.some((line) => /^next-auth\.session-token=;/.test(line))).toBe(true);
  });

  it("never lets a refresh carry a session past its lifetime from sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const signedInAt = Date.parse("2026-11-22T08:00:00Z");
    vi.setSystemTime(signedInAt);
    const signedIn = await signIn("http://localhost:3000", "demo-pw", "/alarms");
    const cookies = { "next-auth.session-token": cookieValue(signedIn.session) };
    // Eleven hours later, still active: the refreshed cookie ends when the first would have.
    for (let hour = 1; hour <= 11; hour++) {
      vi.setSystemTime(signedInAt + hour * 3_600_000);
      const refreshed = await call(signedIn.options, "GET", "session", {
        host: "localhost:3000",
        cookies,
      });
      const line = refreshed.cookies.find((c) => /^next-auth\.session-token=[^;]+;/.test(c));
      cookies["next-auth.session-token"] = cookieValue(line);
    }
    const last = await decode({ token: cookies["next-auth.session-token"], secret: SECRET });
    expect((last!.exp as number) * 1000).toBeLessThanOrEqual(signedInAt + 12 * 3_600_000);
  });

  it("revokes the session on sign-out, so a copy of the cookie is refused", async () => {
    const signedIn = await signIn("http://localhost:3000", "demo-pw", "/alarms");
    const value = cookieValue(signedIn.session);
    const token = await decode({ token: value, secret: SECRET });
    const signedOut = await call(signedIn.options, "POST", "signout", {
      host: "localhost:3000",
      cookies: { ...signedIn.csrf.cookies, "next-auth.session-token": value },
      body: { csrfToken: signedIn.csrf.token },
    });
    expect(signedOut.status).toBe(302);
    const sessions = sessionsByOptions.get(signedIn.options)!;
    expect(await sessions.check(token!.sid as string, "local:analyst")).toBe(false);
  });
});
