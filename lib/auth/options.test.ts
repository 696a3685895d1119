import NextAuth from "next-auth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { buildAuthOptions } from "./options";

// Drives next-auth's own request handler (its pages-router entry, which runs outside a Next
// request scope) with the console's options: the Set-Cookie headers and redirects it produces
// are what a browser gets.

function optionsFor(url: string) {
  vi.stubEnv("NEXTAUTH_URL", url);
  return buildAuthOptions(
    parseEnv({
      NEXTAUTH_SECRET: "unit-test-secret-0123456789abcdef",
      NEXTAUTH_URL: url,
      USM_BASE_URL: "http://127.0.0.1:4010",
      USM_SIMULATOR: "1",
      DEMO_PASSWORD: "demo-pw",
    }),
  );
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

async function signIn(url: string, password: string, callbackUrl: string) {
  const options = optionsFor(url);
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
    session: answer.cookies.find((cookie) => /next-auth\.session-token=/.test(cookie)),
  };
}

afterEach(() => {
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
    "sends the analyst to /alarms, not to %s",
    async (callbackUrl) => {
      const response = await signIn("http://localhost:3000", "demo-pw", callbackUrl);
      expect(response.session).toBeDefined();
      expect(response.location).toBe("http://localhost:3000/alarms");
    },
  );

  it("a wrong password sets no session and reports CredentialsSignin", async () => {
    const response = await signIn("http://localhost:3000", "wrong", "/alarms");
    expect(response.session).toBeUndefined();
    expect(response.location).toContain("error=CredentialsSignin");
  });
});
