import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { readAlarmPage } from "@/lib/server/usm";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { CREDS, exportClient, exportRequest, runExport } from "@/test/export-support";

// An export's reads give way to analysts' reads already under way upstream (not only to those
// queued for the budget): each export read starts once no analyst's read is in flight.

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 300, clients: [CREDS], rateLimit: false });
});
afterAll(() => sim.close());

describe("an export and an analyst's read", () => {
  it("waits for the analyst's read under way before it reads upstream", async () => {
    const client = exportClient(sim.url);
    // Token first, so that the analyst's read below is one upstream call.
    await readAlarmPage({ ...DEFAULT_QUERY, page: 5 }, { client, analyst: "local:warm" });
    sim.setFaults({ latencyMs: 1_000 });
    const analyst = readAlarmPage(DEFAULT_QUERY, { client, analyst: "local:alice" });
    while (client.analystReadsInFlight === 0) await new Promise((resolve) => setImmediate(resolve));
    let free = false;
    const exportMayRead = client.analystsIdle(60_000).then(() => (free = true));
    await new Promise((resolve) => setImmediate(resolve));
    // Still under way upstream (a second's latency): the export waits.
    expect(client.analystReadsInFlight).toBe(1);
    expect(free).toBe(false);
    await analyst;
    await exportMayRead;
    expect(free).toBe(true);
    expect(client.analystReadsInFlight).toBe(0);
    sim.setFaults({ latencyMs: 0 });
    const { text } = await runExport(exportRequest(client, { cap: 10 }));
    expect(text.length).toBeGreaterThan(0);
  });

  it("does not wait when no analyst's read is under way", async () => {
    const client = exportClient(sim.url);
    const first = await Promise.race([
      client.analystsIdle(60_000).then(() => "free at once"),
      new Promise((resolve) => setImmediate(() => resolve("waited"))),
    ]);
    expect(first).toBe("free at once");
  });
});
