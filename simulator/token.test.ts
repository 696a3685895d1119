// Conformance: POST /api/2.0/oauth/token and bearer authentication (API doc sections 1 and 5).
import { describe, expect, it } from "vitest";
import {
  CLIENT,
  ErrorBody,
  basic,
  get,
  getToken,
  startTestSimulator,
  withSimulator,
} from "./test-support";

const sim = await startTestSimulator({
  alarms: 50,
  clients: [CLIENT, { id: "no-api", secret: "s3cret", apiAccess: false }],
});
const tokenUrl = `${sim.url}/api/2.0/oauth/token`;
const auth = { Authorization: basic(CLIENT.id, CLIENT.secret) };

async function post(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { method: "POST", ...init });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe("token endpoint", () => {
  it.each([
    ["grant_type in the query, empty body", `${tokenUrl}?grant_type=client_credentials`, {}],
    [
      "form body",
      tokenUrl,
      {
        headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
    ],
    [
      "form body with the malformed type application/www-form-urlencoded",
      tokenUrl,
      {
        headers: { ...auth, "Content-Type": "application/www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
    ],
  ])("issues a token for %s", async (_name, url, init: RequestInit) => {
    const { res, body } = await post(url, { headers: auth, ...init });
    expect(res.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ["access_token", "expires_in", "jti", "scope", "token_type"].sort(),
    );
    expect(body).toMatchObject({
      token_type: "bearer",
      expires_in: 899,
      scope: "trust read write",
    });
    expect(body.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(String(body.access_token).length).toBeGreaterThan(200);
  });

  it("issues a different token each time", async () => {
    expect(await getToken(sim)).not.toBe(await getToken(sim));
  });

  it.each([
    ["a wrong grant_type", "?grant_type=password"],
    ["no grant_type", ""],
  ])("answers 400 with a JSON error for %s", async (_name, query) => {
    const { res, body } = await post(`${tokenUrl}${query}`, { headers: auth });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ result: "error", location: "/api/2.0/oauth/token" });
    expect(body.error).toMatch(/grant/i);
  });

  it("ignores a JSON body: grant_type only counts in the query or a form body", async () => {
    const { res } = await post(tokenUrl, {
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ["a wrong secret", { Authorization: basic(CLIENT.id, "nope") }],
    ["an unknown client", { Authorization: basic("someone", CLIENT.secret) }],
    ["no credentials", {}],
    ["a non-Basic scheme", { Authorization: "Bearer abc" }],
  ])("answers 401 for %s", async (_name, headers) => {
    const { res, body } = await post(`${tokenUrl}?grant_type=client_credentials`, { headers });
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ result: "error", location: "/api/2.0/oauth/token" });
  });

  it("answers 405 with a JSON body to GET", async () => {
    const res = await fetch(`${tokenUrl}?grant_type=client_credentials`, { headers: auth });
    expect(res.status).toBe(405);
    expect(((await res.json()) as ErrorBody).result).toBe("error");
  });

  it.each([
    ["/api/2.1/oauth/token", "POST"],
    ["/api/1.0/oauth/token", "POST"],
    ["/api/1.0/alarms", "GET"],
    ["/api/v2/alarms", "GET"],
  ])("answers 404 JSON for the undocumented version %s", async (path, method) => {
    const res = await fetch(`${sim.url}${path}?grant_type=client_credentials`, {
      method,
      headers: auth,
    });
    expect(res.status).toBe(404);
    expect((await res.json()) as ErrorBody).toMatchObject({ result: "error", location: path });
  });
});

describe("bearer authentication on the alarm routes", () => {
  const alarms = `${sim.url}/api/2.0/alarms?size=1`;

  it.each(["Bearer", "bearer", "BEARER"])("accepts the scheme spelled %s", async (scheme) => {
    const token = await getToken(sim);
    const res = await fetch(alarms, { headers: { Authorization: `${scheme} ${token}` } });
    expect(res.status).toBe(200);
  });

  it.each([
    ["no Authorization header", null],
    ["an unknown token", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"],
  ])("answers 401 JSON for %s", async (_name, token) => {
    const res = await get(alarms, token);
    expect(res.status).toBe(401);
    expect((await res.json()) as ErrorBody).toMatchObject({
      result: "error",
      location: "/api/2.0/alarms",
    });
  });

  it("answers 401 once a token has expired, and not a millisecond before", async () => {
    let now = Date.UTC(2024, 2, 15, 12, 0, 0);
    await withSimulator({ alarms: 10, tokenTtlSeconds: 3, now: () => now }, async (short) => {
      const res = await fetch(`${short.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
        method: "POST",
        headers: auth,
      });
      const grant = (await res.json()) as { access_token: string; expires_in: number };
      expect(grant.expires_in).toBe(3);
      expect((await get(`${short.url}/api/2.0/alarms`, grant.access_token)).status).toBe(200);
      now += 2_999;
      expect((await get(`${short.url}/api/2.0/alarms`, grant.access_token)).status).toBe(200);
      now += 1;
      const expired = await get(`${short.url}/api/2.0/alarms`, grant.access_token);
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as ErrorBody).error).toMatch(/expired/i);
    });
  });

  it("answers 401 for a revoked token, and a new token works", async () => {
    const token = await getToken(sim);
    sim.revokeTokens();
    expect((await get(alarms, token)).status).toBe(401);
    expect((await get(alarms, await getToken(sim))).status).toBe(200);
  });

  it("answers 403 JSON on every alarm call of a client without API access", async () => {
    const token = await getToken(sim, { id: "no-api", secret: "s3cret" });
    for (const path of [
      "/api/2.0/alarms",
      "/api/2.0/alarms/00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await get(`${sim.url}${path}`, token);
      expect(res.status).toBe(403);
      expect((await res.json()) as ErrorBody).toMatchObject({ result: "error", location: path });
    }
  });
});
