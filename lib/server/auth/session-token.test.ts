import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { MemoryStore } from "@/lib/server/store/memory";
import { analystOf, analystOfCookies, analystOfSessionToken } from "./session-token";
import { SessionRegistry } from "./sessions";

// The session cookie as next-auth writes it (encode), read back the way every request reads it.

const SECRET = "session-test-secret-0f3c9a7e5d1b";

const token = (claims: Record<string, unknown>, maxAge = 3600) =>
  encode({ token: claims, secret: SECRET, maxAge });

describe("analystOfSessionToken", () => {
  it("names the analyst of a valid session token, again from its cache", async () => {
    const raw = await token({ sub: "1", sid: "s1", name: "Ada Analyst", email: "ada@soc.example" });
    const expected = {
      id: "1",
      sid: "s1",
      name: "Ada Analyst",
      email: "ada@soc.example",
      groups: [],
      sso: false,
      emailVerified: false,
    };
    expect(await analystOfSessionToken(raw, SECRET)).toEqual(expected);
    expect(await analystOfSessionToken(raw, SECRET)).toEqual(expected);
  });

  it("refuses a token encrypted with another secret", async () => {
    const raw = await encode({
      token: { sub: "1", sid: "s1", name: "Ada" },
      secret: "another-secret-entirely-1234567",
    });
    expect(await analystOfSessionToken(raw, SECRET)).toBeNull();
  });

  it("refuses a tampered token and a token past its expiry", async () => {
    const raw = await token({ sub: "1", sid: "s1", name: "Ada" });
    const tampered = `${raw.slice(0, -4)}${raw.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    expect(await analystOfSessionToken(tampered, SECRET)).toBeNull();
    // next-auth tolerates 15 s of clock skew; this one expired a minute ago.
    const expired = await token({ sub: "1", sid: "s1", name: "Ada" }, -60);
    expect(await analystOfSessionToken(expired, SECRET)).toBeNull();
  });

  it("refuses a token that names nobody, or no session (one issued before sessions had ids)", async () => {
    expect(await analystOfSessionToken(await token({ sub: "1", sid: "s1" }), SECRET)).toBeNull();
    expect(await analystOfSessionToken(await token({ sub: "1", name: "Ada" }), SECRET)).toBeNull();
  });
});

describe("analystOfCookies", () => {
  const auth = parseEnv({
    NEXTAUTH_SECRET: SECRET,
    USM_BASE_URL: "http://127.0.0.1:4010",
    USM_SIMULATOR: "1",
  }).auth;
  const cookies = (value: string) => ({
    getAll: () => [{ name: "next-auth.session-token", value }],
  });

  it("names the analyst only while the session is registered", async () => {
    const registry = new SessionRegistry(new MemoryStore(), {
      maxAgeMs: auth.sessionMaxAgeMs,
      idleTimeoutMs: auth.sessionIdleTimeoutMs,
    });
    const { sid } = await registry.create("local:ada");
    const raw = await token({ sub: "local:ada", sid, name: "ada" });
    expect(await analystOfCookies(cookies(raw), auth, registry)).toMatchObject({
      name: "ada",
      sid,
    });
    await registry.revoke(sid);
    // The decrypted token is still cached: the revocation is what refuses it.
    expect(await analystOfCookies(cookies(raw), auth, registry)).toBeNull();
  });
});

describe("analystOf", () => {
  it("names an analyst by name, or by email when the provider sent no name", () => {
    expect(analystOf({ sub: "1", sid: "s", name: "Ada", email: "ada@soc.example" })).toEqual({
      id: "1",
      sid: "s",
      name: "Ada",
      email: "ada@soc.example",
      groups: [],
      sso: false,
      emailVerified: false,
    });
    expect(analystOf({ sub: "2", sid: "t", email: "bo@soc.example" })).toEqual({
      id: "2",
      sid: "t",
      name: "bo@soc.example",
      email: "bo@soc.example",
      groups: [],
      sso: false,
      emailVerified: false,
    });
    expect(
      analystOf({ sub: "3", sid: "u", name: "Cy", groups: ["soc", 7, "leads"] } as never)?.groups,
    ).toEqual(["soc", "leads"]);
    expect(analystOf({ name: 42 } as never)).toBeNull();
    expect(analystOf(null)).toBeNull();
  });
});
