import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { checkUpstream } from "@/lib/server/usm";
import { acmeSimulator } from "@/test/deployments-env";
import { valueIn } from "@/test/metrics";
import { GET, POST } from "./route";

// The route file itself, as Next calls it (Prometheus' scrape: no session, a bearer token): off
// without METRICS_TOKEN, 401 in our one shape to anyone without the token, and with it the
// process's metrics, the configured deployments' upstream calls (the simulator over HTTP) included.

const TOKEN = "scrape-token-route-test-4f2a";
const CREDS = { id: "route-metrics-client", secret: "route-metrics-secret-9c3b" };
const world = acmeSimulator(CREDS, { alarms: 200 }, { env: { METRICS_TOKEN: TOKEN } });

const call = (handler: typeof GET, headers: HeadersInit = {}, method = "GET") =>
  handler(new NextRequest("http://console.test/api/metrics", { method, headers }), {
    params: Promise.resolve({}),
  });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toBe("application/json");
  expect(parseErrorBody(await response.json())?.error.code).toBe(code);
}

describe("GET /api/metrics", () => {
  it("answers 401 in the one error shape without the token, or with another, never echoing it", async () => {
    const refused = [
      {},
      bearer("scrape-token-route-test-4f2b"),
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      { Authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}` },
      { Authorization: TOKEN },
    ];
    for (const headers of refused) {
      const response = await call(GET, headers);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect(response.headers.get("Cache-Control")).toMatch(/^no-store/);
      const body = await response.clone().text();
      expect(body).not.toContain("4f2");
      await expectError(response, 401, "unauthenticated");
    }
  });

  it("answers the bearer of the token every metric in Prometheus' text format", async () => {
    const acme = deploymentRegistry()
      .all()
      .find((deployment) => deployment.key === "acme")!;
    await checkUpstream(acme.client());
    expect(world.sim.stats().byRoute.alarms).toBe(1);

    const response = await call(GET, { authorization: `bearer  ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    for (const name of [
      "upstream_calls_total",
      "upstream_rate_limited_total",
      "budget_wait_seconds",
      "token_renewals_total",
      "sse_streams_open",
      "index_rows",
      "index_sync_lag_seconds",
      "index_backfill_progress_ratio",
      "index_sync_failures_total",
    ]) {
      expect(text).toContain(`# TYPE alarm_console_${name} `);
    }
    expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
    const acmeCalls = { deployment: "acme", status: "2xx" };
    expect(valueIn(text, "alarm_console_upstream_calls_total", acmeCalls)).toBe(2);
    expect(valueIn(text, "alarm_console_token_renewals_total", { deployment: "acme" })).toBe(1);
  });

  it("answers 405 in the error shape to other methods", async () => {
    const response = await call(POST, bearer(TOKEN), "POST");
    expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    await expectError(response, 405, "method_not_allowed");
  });

  it("is off without METRICS_TOKEN: 404 as for a path no route serves, token or not", async () => {
    vi.stubEnv("METRICS_TOKEN", "");
    vi.resetModules(); // a process started without it: the environment is read afresh
    const off = await import("./route");
    const unknown = await import("../[[...path]]/route");
    const none = await (
      await unknown.GET(new NextRequest("http://console.test/api/nope"), {
        params: Promise.resolve({}),
      })
    ).json();
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await call(off.GET, headers);
      expect(response.headers.get("WWW-Authenticate")).toBeNull();
      expect(await response.clone().json()).toEqual(none);
      await expectError(response, 404, "not_found");
    }
  });
});
