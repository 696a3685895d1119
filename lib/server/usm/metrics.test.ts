import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { freePort } from "@/test/free-port";
import { metricValue } from "@/test/metrics";
import { asTester, testClient } from "@/test/usm-client";
import { fetchAlarmPage } from "./alarms";

// What the client records for GET /api/metrics, against the real simulator over HTTP: each
// exchange by its deployment's key and status class, each wait for the budget, each token fetched.

const CREDS = { id: "metrics-client", secret: "metrics-secret-5e1d" };

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 200, clients: [CREDS] });
});
afterAll(() => sim.close());

const of = (name: string, deployment: string, labels: Record<string, string> = {}) =>
  metricValue(`alarm_console_${name}`, { deployment, ...labels });
const calls = (deployment: string, status: string) =>
  of("upstream_calls_total", deployment, { status });

describe("the client's metrics", () => {
  it("counts a read's token and page as two 2xx calls of its deployment, each after a budget wait", async () => {
    const client = testClient(sim, CREDS, { deployment: "metered" });
    await fetchAlarmPage(DEFAULT_QUERY, asTester(client));
    expect(await calls("metered", "2xx")).toBe(2);
    expect(await of("token_renewals_total", "metered")).toBe(1);
    expect(await of("budget_wait_seconds_count", "metered")).toBe(2);
    // A cached read asks the upstream nothing, and counts nothing.
    await fetchAlarmPage(DEFAULT_QUERY, asTester(client));
    expect(await calls("metered", "2xx")).toBe(2);
    expect(await calls("other", "2xx")).toBe(0);
  });

  it("counts the upstream's 429s and 5xx apart, under the deployment that met them", async () => {
    const client = testClient(sim, CREDS, { deployment: "struggling", retryDeadlineMs: 0 });
    sim.setFaults({ failRate: 1, failStatus: 429, routes: ["alarms"] });
    const read = (page: number) =>
      fetchAlarmPage({ ...DEFAULT_QUERY, page }, asTester(client)).catch((error: unknown) => error);
    expect(await read(1)).toMatchObject({ code: "upstream_rate_limited" });
    sim.setFaults({ failStatus: 503 });
    expect(await read(2)).toMatchObject({ code: "upstream_unavailable" });
    sim.reset();
    expect(await calls("struggling", "429")).toBe(1);
    expect(await of("upstream_rate_limited_total", "struggling")).toBe(1);
    expect(await calls("struggling", "5xx")).toBe(1);
    expect(await calls("struggling", "2xx")).toBe(1); // the token
  });

  it("counts a call nothing answered as an error", async () => {
    const nowhere = { url: `http://127.0.0.1:${await freePort()}` };
    const client = testClient(nowhere, CREDS, { deployment: "unreachable" });
    const read = fetchAlarmPage(DEFAULT_QUERY, asTester(client));
    await expect(read).rejects.toMatchObject({ code: "upstream_unavailable" });
    expect(await calls("unreachable", "error")).toBe(1); // the token's POST, never answered
    expect(await of("token_renewals_total", "unreachable")).toBe(0);
  });
});
