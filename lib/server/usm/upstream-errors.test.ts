import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { ApiError, type ErrorCode } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ManualClock } from "@/test/manual-clock";
import { fetchAlarmPage } from "./alarms";
import type { UsmClientConfig } from "./client";
import { asTester, testClient } from "@/test/usm-client";

// Every way the upstream can fail, against the real simulator, and the one error an analyst
// gets for it. No message may carry the upstream's address or a credential.

const CREDS = { id: "test-client", secret: "test-secret-51ab" };
const NO_API = { id: "standard-less", secret: "no-api-secret-77", apiAccess: false };

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 500, clients: [CREDS, NO_API] });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

function clientFor(overrides: Partial<UsmClientConfig> = {}) {
  return testClient(sim, CREDS, { timeoutMs: 2_000, ...overrides });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

function expectSafe(error: ApiError, url = sim.url) {
  const text = JSON.stringify(error.toBody());
  expect(text).not.toContain(new URL(url).host);
  expect(text).not.toContain(CREDS.secret);
  expect(text).not.toContain(NO_API.secret);
  expect(text).not.toMatch(/https?:\/\//);
}

async function expectPageFailure(
  client: ReturnType<typeof clientFor>,
  code: ErrorCode,
  status: number,
): Promise<ApiError> {
  const error = await failureOf(fetchAlarmPage(DEFAULT_QUERY, asTester(client)));
  expect({ code: error.code, status: error.status }).toEqual({ code, status });
  expectSafe(error);
  return error;
}

describe("upstream failures become our error shape", () => {
  it("maps an upstream 500 to 502 upstream_unavailable", async () => {
    sim.setFaults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
    await expectPageFailure(clientFor(), "upstream_unavailable", 502);
  });

  it("maps a token endpoint failing with 503 to 502 upstream_unavailable", async () => {
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["token"] });
    await expectPageFailure(clientFor(), "upstream_unavailable", 502);
  });

  it("maps an upstream slower than the timeout to 504 upstream_timeout", async () => {
    sim.setFaults({ latencyMs: 1_000, routes: ["alarms"] });
    await expectPageFailure(clientFor({ timeoutMs: 200 }), "upstream_timeout", 504);
  });

  it("maps an unreachable deployment to 502 upstream_unavailable", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const baseUrl = `http://127.0.0.1:${closed}`;
    const error = await failureOf(fetchAlarmPage(DEFAULT_QUERY, asTester(clientFor({ baseUrl }))));
    expect({ code: error.code, status: error.status }).toEqual({
      code: "upstream_unavailable",
      status: 502,
    });
    expectSafe(error, baseUrl);
  });

  it("follows no redirect: the bearer token never reaches the redirect's target", async () => {
    const reached: Array<string | undefined> = [];
    const elsewhere = createHttpServer((request, response) => {
      reached.push(request.headers.authorization);
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const redirecting = createHttpServer((request, response) => {
      if (request.url?.startsWith("/api/2.0/oauth/token")) {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({ access_token: "t0ken", token_type: "bearer", expires_in: 899 }),
        );
        return;
      }
      response.writeHead(302, { Location: `${target}${request.url}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      const error = await failureOf(
        fetchAlarmPage(DEFAULT_QUERY, asTester(clientFor({ baseUrl }))),
      );
      expect(error.code).toBe("upstream_invalid_response");
      expect(error.message).toContain("HTTP 302");
      expectSafe(error, baseUrl);
      expect(reached).toEqual([]);
    } finally {
      redirecting.close();
      elsewhere.close();
    }
  });

  it("maps a malformed JSON body to 502 upstream_invalid_response", async () => {
    sim.setFaults({ malformedRate: 1 });
    await expectPageFailure(clientFor(), "upstream_invalid_response", 502);
  });

  it("maps a client without API access (403) to upstream_forbidden", async () => {
    const client = clientFor({ clientId: NO_API.id, clientSecret: NO_API.secret });
    const error = await expectPageFailure(client, "upstream_forbidden", 502);
    expect(error.message).toMatch(/Standard and Premium/);
  });

  it("maps rejected credentials to 502 upstream_auth_failed, never 401", async () => {
    const error = await expectPageFailure(
      clientFor({ clientSecret: "wrong-secret" }),
      "upstream_auth_failed",
      502,
    );
    expect(error.message).toMatch(/rejected the API client.s credentials/);
    expect(JSON.stringify(error.toBody())).not.toContain("wrong-secret");
  });

  it("retries 429s with backoff, then answers 503 upstream_rate_limited with Retry-After", async () => {
    // On a manual clock the backoff's waits take no time, and the deadline is kept exactly.
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    const client = clientFor({ retryDeadlineMs: 2_000, clock, store });
    await fetchAlarmPage({ ...DEFAULT_QUERY, page: 1 }, asTester(client)); // the token first
    sim.setFaults({ failRate: 1, failStatus: 429, routes: ["alarms"] });
    const started = clock.now();
    const failure = expectPageFailure(client, "upstream_rate_limited", 503);
    const error = await clock.run(failure, { io: true });
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The backoff doubles from 100-200 ms: within 2 s, four or five tries, never a storm, and
    // no wait past the deadline. Plus the warm-up call.
    expect(sim.stats().byRoute.alarms).toBeGreaterThanOrEqual(5);
    expect(sim.stats().byRoute.alarms).toBeLessThanOrEqual(6);
    expect(clock.now() - started).toBeLessThanOrEqual(2_000);
  });

  it("recovers when a 429 is followed by a success within the deadline", async () => {
    sim.setFaults({ failRate: 1, failStatus: 429, routes: ["alarms"] });
    const pending = fetchAlarmPage(DEFAULT_QUERY, asTester(clientFor({ retryDeadlineMs: 10_000 })));
    // Lift the fault once the client has met at least one 429.
    while (!sim.stats().byStatus["429"]) await new Promise((resolve) => setTimeout(resolve, 20));
    sim.setFaults({ failRate: 0 });
    const page = await pending;
    expect(page.alarms).toHaveLength(20);
    expect(sim.stats().byStatus["429"]).toBeGreaterThan(0);
  });
});
