import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from ".";

const base = {
  NEXTAUTH_SECRET: "a-long-enough-session-secret",
  USM_BASE_URL: "https://acme.alienvault.cloud",
  USM_CLIENT_ID: "client",
  USM_CLIENT_SECRET: "secret",
};

function problems(env: Record<string, string | undefined>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("the environment was accepted");
}

describe("the env module", () => {
  it("accepts a deployment with its credentials and applies the defaults", () => {
    const env = parseEnv(base);
    expect(env.usm).toEqual({ simulator: false, cacheTtlMs: 3_000 });
    expect(env.deployments).toEqual([
      {
        key: "default",
        name: "acme.alienvault.cloud",
        kind: "anywhere",
        baseUrl: "https://acme.alienvault.cloud",
        clientId: "client",
        clientSecret: "secret",
        timeoutMs: 10_000,
        getPerSecond: 100,
        postPerSecond: 50,
        analysts: [],
        groups: [],
        labels: {},
      },
    ]);
    expect(env.auth.oidc).toBeUndefined();
    // Labels are written back at once, swept every 5 s, a failure retried after 30 s.
    expect(env.labels).toEqual({ intervalMs: 5_000, retryMs: 30_000 });
  });

  it("reads how label write-backs sweep and retry, 0 turning the worker off", () => {
    const env = parseEnv({ ...base, LABELS_INTERVAL_SECONDS: "0", LABELS_RETRY_SECONDS: "2" });
    expect(env.labels).toEqual({ intervalMs: 0, retryMs: 2_000 });
    expect(problems({ ...base, LABELS_RETRY_SECONDS: "0" })).toMatch(/^  LABELS_RETRY_SECONDS /m);
  });

  it("names a missing base URL and says how to get the simulator", () => {
    expect(problems({ ...base, USM_BASE_URL: undefined })).toMatch(/USM_BASE_URL .*npm start/);
  });

  it.each(["USM_CLIENT_ID", "USM_CLIENT_SECRET"])(
    "names %s when a deployment is configured without it",
    (name) => {
      expect(problems({ ...base, [name]: "" })).toMatch(new RegExp(`^  ${name} is required`, "m"));
    },
  );

  it("requires https, except for loopback hosts", () => {
    expect(problems({ ...base, USM_BASE_URL: "http://acme.alienvault.cloud" })).toMatch(
      /USM_BASE_URL must use https:\/\//,
    );
    expect(problems({ ...base, USM_BASE_URL: "not a url" })).toMatch(/USM_BASE_URL must be a URL/);
    for (const loopback of [
      "http://127.0.0.1:4010",
      "http://localhost:4010",
      "http://[::1]:4010",
    ]) {
      expect(parseEnv({ ...base, USM_BASE_URL: loopback }).deployments[0]?.baseUrl).toBe(loopback);
    }
  });

  it("keeps only the origin of the base URL", () => {
    const env = parseEnv({ ...base, USM_BASE_URL: "https://acme.alienvault.cloud/api/2.0/" });
    expect(env.deployments[0]?.baseUrl).toBe("https://acme.alienvault.cloud");
  });

  it("names NEXTAUTH_SECRET when it is missing or short", () => {
    for (const missing of [undefined, "", " "]) {
      expect(problems({ ...base, NEXTAUTH_SECRET: missing })).toMatch(
        /^  NEXTAUTH_SECRET is required \(any long random string\)$/m,
      );
    }
    expect(problems({ ...base, NEXTAUTH_SECRET: "short" })).toMatch(
      /NEXTAUTH_SECRET must be at least 16/,
    );
  });

  it("lists every wrong variable at once", () => {
    const message = problems({ NEXTAUTH_SECRET: "x", USM_BASE_URL: "ftp://x" });
    expect(message).toMatch(/NEXTAUTH_SECRET/);
    expect(message).toMatch(/USM_BASE_URL/);
    // A rule between variables (the credentials USM_BASE_URL needs) is checked even when
    // another concern's variable is missing.
    const more = problems({ ...base, USM_CLIENT_SECRET: "", NEXTAUTH_SECRET: undefined });
    expect(more).toMatch(/^  USM_CLIENT_SECRET is required when USM_BASE_URL names a deployment$/m);
    expect(more).toMatch(/^  NEXTAUTH_SECRET is required/m);
  });

  it("enables the demo password only on the embedded simulator, which must be on loopback", () => {
    const simulator = {
      NEXTAUTH_SECRET: base.NEXTAUTH_SECRET,
      USM_SIMULATOR: "1",
      DEMO_PASSWORD: "pw",
    };
    const onLoopback = parseEnv({ ...simulator, USM_BASE_URL: "http://127.0.0.1:4010" });
    expect(onLoopback.auth.demoPassword).toBe("pw");
    expect(onLoopback.usm.simulator).toBe(true);
    expect(onLoopback.deployments[0]).toMatchObject({ clientId: "demo-client" });
    expect(parseEnv({ ...base, DEMO_PASSWORD: "pw" }).auth.demoPassword).toBeUndefined();
    expect(problems({ ...base, USM_SIMULATOR: "1" })).toMatch(
      /^  USM_SIMULATOR may be 1 only when every deployment is on a loopback address \(USM_BASE_URL is not\)$/m,
    );
  });

  it("parses local accounts and refuses anything but bcrypt hashes", () => {
    const hash = "$2b$12$" + "a".repeat(53);
    const env = parseEnv({ ...base, AUTH_LOCAL_USERS: `alice:${hash}, bob:${hash}` });
    expect(env.auth.localUsers.map((user) => user.username)).toEqual(["alice", "bob"]);
    expect(problems({ ...base, AUTH_LOCAL_USERS: "alice:plaintext" })).toMatch(
      /AUTH_LOCAL_USERS each entry must be username:<bcrypt hash>/,
    );
  });

  it("trusts no proxy's X-Forwarded-For unless AUTH_TRUSTED_PROXY_HOPS says how many there are", () => {
    expect(parseEnv(base).auth.trustedProxyHops).toBe(0);
    expect(parseEnv({ ...base, AUTH_TRUSTED_PROXY_HOPS: "" }).auth.trustedProxyHops).toBe(0);
    expect(parseEnv({ ...base, AUTH_TRUSTED_PROXY_HOPS: " 2 " }).auth.trustedProxyHops).toBe(2);
    for (const wrong of ["-1", "1.5", "one"]) {
      expect(problems({ ...base, AUTH_TRUSTED_PROXY_HOPS: wrong }), wrong).toMatch(
        /^  AUTH_TRUSTED_PROXY_HOPS must be .*0 when no reverse proxy is in front/m,
      );
    }
  });

  it("says what a URL should look like", () => {
    const message = problems({ ...base, NEXTAUTH_URL: "alarms", AUTH_OIDC_ISSUER: "login" });
    expect(message).toMatch(
      /^  NEXTAUTH_URL must be a URL such as https:\/\/alarms\.example\.org$/m,
    );
    expect(message).toMatch(
      /^  AUTH_OIDC_ISSUER must be a URL such as https:\/\/login\.example\.org$/m,
    );
  });

  it("names the values a choice takes", () => {
    const message = problems({ ...base, NODE_ENV: "prod", USM_SIMULATOR: "yes" });
    expect(message).toMatch(/^  NODE_ENV must be "development", "production" or "test"$/m);
    expect(message).toMatch(/^  USM_SIMULATOR must be "0" or "1"$/m);
  });

  it("requires the whole single sign-on triple once any of it is set", () => {
    const message = problems({ ...base, AUTH_OIDC_ISSUER: "https://idp.example.com" });
    expect(message).toMatch(/AUTH_OIDC_CLIENT_ID is required when single sign-on/);
    expect(message).toMatch(/AUTH_OIDC_CLIENT_SECRET is required when single sign-on/);
  });

  it("shares state through Redis only when REDIS_URL names one", () => {
    expect(parseEnv(base).redisUrl).toBeUndefined();
    expect(parseEnv({ ...base, REDIS_URL: "rediss://:pw@redis.internal:6380/2" }).redisUrl).toBe(
      "rediss://:pw@redis.internal:6380/2",
    );
    expect(problems({ ...base, REDIS_URL: "http://redis.internal" })).toMatch(
      /^  REDIS_URL must start with redis:\/\//m,
    );
    expect(problems({ ...base, REDIS_URL: "redis" })).toMatch(/^  REDIS_URL must be a URL/m);
  });

  it("reads session lifetimes as durations, the idle timeout never past the lifetime", () => {
    expect(parseEnv(base).auth).toMatchObject({
      sessionMaxAgeMs: 12 * 3_600_000,
      sessionIdleTimeoutMs: 2 * 3_600_000,
    });
    const custom = parseEnv({
      ...base,
      AUTH_SESSION_MAX_AGE: "90m",
      AUTH_SESSION_IDLE_TIMEOUT: "7200",
    });
    expect(custom.auth).toMatchObject({
      sessionMaxAgeMs: 5_400_000,
      sessionIdleTimeoutMs: 5_400_000,
    });
    expect(parseEnv({ ...base, AUTH_SESSION_MAX_AGE: "1d" }).auth.sessionMaxAgeMs).toBe(86_400_000);
    expect(problems({ ...base, AUTH_SESSION_IDLE_TIMEOUT: "soon" })).toMatch(
      /^  AUTH_SESSION_IDLE_TIMEOUT must be a duration such as 3600, 90m, 12h or 7d/m,
    );
    expect(problems({ ...base, AUTH_SESSION_MAX_AGE: "10s" })).toMatch(
      /^  AUTH_SESSION_MAX_AGE must be at least 60 seconds/m,
    );
  });

  it("turns the metrics on only with a METRICS_TOKEN of 16 characters or more", () => {
    expect(parseEnv(base).metrics.token).toBeUndefined();
    expect(parseEnv({ ...base, METRICS_TOKEN: " " }).metrics.token).toBeUndefined();
    const token = "prometheus-scrape-0123";
    expect(parseEnv({ ...base, METRICS_TOKEN: ` ${token} ` }).metrics.token).toBe(token);
    expect(problems({ ...base, METRICS_TOKEN: "short" })).toMatch(
      /^  METRICS_TOKEN must be at least 16 characters$/m,
    );
    expect(problems({ ...base, METRICS_TOKEN: "sixteen or more but spaced" })).toMatch(
      /^  METRICS_TOKEN must be printable ASCII without spaces \(it is sent in an HTTP header\)$/m,
    );
  });
});
