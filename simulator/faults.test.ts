// Conformance: injected faults (option, programmatic and the /_sim admin API) and admin gating.
import { describe, expect, it } from "vitest";
import {
  ErrorBody,
  get,
  getLabels,
  getToken,
  startTestSimulator,
  withSimulator,
  writeLabel,
} from "./test-support";

const sim = await startTestSimulator({ alarms: 30, admin: true });
// What the simulator counted before any request: what a reset must bring the stats back to.
const statsAtStart = sim.stats();

async function admin(path: string, body?: unknown): Promise<Response> {
  return fetch(`${sim.url}/_sim/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("faults", () => {
  it("delays answers by latencyMs", async () => {
    sim.reset();
    const token = await getToken(sim);
    sim.setFaults({ latencyMs: 300 });
    const started = performance.now();
    expect((await get(`${sim.url}/api/2.0/alarms?size=1`, token)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("fails every matching request with failStatus and a vendor body when failRate is 1", async () => {
    sim.reset();
    const token = await getToken(sim);
    expect(
      (await admin("faults", { failRate: 1, failStatus: 503, routes: ["alarms"] })).status,
    ).toBe(200);
    const res = await get(`${sim.url}/api/2.0/alarms`, token);
    expect(res.status).toBe(503);
    expect((await res.json()) as ErrorBody).toMatchObject({
      result: "error",
      location: "/api/2.0/alarms",
    });
    // Routes outside `routes` are untouched.
    expect(await getToken(sim)).toMatch(/\./);
    await admin("faults", { failRate: 0 });
    expect((await get(`${sim.url}/api/2.0/alarms`, token)).status).toBe(200);
  });

  it("fails every label call, and only those, with routes ['labels']", async () => {
    sim.reset();
    const token = await getToken(sim);
    const { uuid } = sim.addAlarm();
    const [labelId] = sim.labels().map((label) => label.id);
    await admin("faults", { routes: ["labels"], failRate: 1, failStatus: 403 });
    const calls = [
      () => getLabels(sim, token, uuid),
      () => writeLabel(sim, token, "PUT", uuid, labelId!),
      () => writeLabel(sim, token, "DELETE", uuid, labelId!),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect((await res.json()) as ErrorBody).toMatchObject({
        result: "error",
        error: "Simulated upstream failure",
      });
    }
    expect(sim.labelsOf(uuid)).toEqual([]);
    expect((await get(`${sim.url}/api/2.0/alarms/${uuid}`, token)).status).toBe(200);
  });

  it("fails label calls too when no routes are named", async () => {
    sim.reset();
    const token = await getToken(sim);
    const { uuid } = sim.addAlarm();
    const faults = (await (await fetch(`${sim.url}/_sim/faults`)).json()) as { routes: string[] };
    expect(faults.routes).toEqual(["token", "alarms", "alarm", "labels"]);
    await admin("faults", { failRate: 1 });
    expect((await getLabels(sim, token, uuid)).status).toBe(500);
  });

  it("sends a 200 with an invalid JSON body when malformedRate is 1", async () => {
    sim.reset();
    const token = await getToken(sim);
    await admin("faults", { malformedRate: 1 });
    const res = await get(`${sim.url}/api/2.0/alarms`, token);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeGreaterThan(10);
    expect(() => JSON.parse(text)).toThrow();
    // Tokens stay parseable: malformed bodies apply to alarm responses only.
    expect(await getToken(sim)).toMatch(/\./);
  });

  it("fails list reads of pages larger than failAbovePageSize, and only those", async () => {
    sim.reset();
    const token = await getToken(sim);
    await admin("faults", { failAbovePageSize: 10, failStatus: 502 });
    const large = await get(`${sim.url}/api/2.0/alarms?size=11`, token);
    expect(large.status).toBe(502);
    expect((await large.json()) as ErrorBody).toMatchObject({ location: "/api/2.0/alarms" });
    expect((await get(`${sim.url}/api/2.0/alarms?size=10`, token)).status).toBe(200);
    // The default size (20) is a page of 20.
    expect((await get(`${sim.url}/api/2.0/alarms`, token)).status).toBe(502);
    await admin("faults", { failAbovePageSize: null });
    expect((await get(`${sim.url}/api/2.0/alarms?size=11`, token)).status).toBe(200);
  });

  it("revokes every token through POST /_sim/revoke-tokens", async () => {
    sim.reset();
    const token = await getToken(sim);
    expect((await admin("revoke-tokens")).status).toBe(200);
    expect((await get(`${sim.url}/api/2.0/alarms`, token)).status).toBe(401);
  });

  it("clears faults, tokens and stats through POST /_sim/reset", async () => {
    const token = await getToken(sim);
    await admin("faults", { failRate: 1 });
    expect(sim.stats()).not.toEqual(statsAtStart);
    expect((await admin("reset")).status).toBe(200);
    expect(sim.stats()).toEqual(statsAtStart);
    expect((await get(`${sim.url}/api/2.0/alarms`, token)).status).toBe(401);
    expect((await get(`${sim.url}/api/2.0/alarms`, await getToken(sim))).status).toBe(200);
  });

  it.each([
    ["a rate above 1", { failRate: 2 }],
    ["an unknown route", { routes: ["events"] }],
    ["an unknown key", { explode: true }],
    ["a non-JSON body", "not json"],
  ])("rejects %s with 400", async (_name, body) => {
    const res = await fetch(`${sim.url}/_sim/faults`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).result).toBe("error");
  });

  it("applies the faults option from startup", async () => {
    await withSimulator(
      { alarms: 5, faults: { failRate: 1, failStatus: 500, routes: ["token"] } },
      async (s) => {
        const res = await fetch(`${s.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
          method: "POST",
        });
        expect(res.status).toBe(500);
        expect(((await res.json()) as ErrorBody).result).toBe("error");
      },
    );
  });
});

describe("admin API gating", () => {
  it.each(["faults", "revoke-tokens", "reset"])(
    "answers 404 JSON to /_sim/%s without admin",
    async (path) => {
      await withSimulator({ alarms: 5 }, async (s) => {
        const res = await fetch(`${s.url}/_sim/${path}`, { method: "POST", body: "{}" });
        expect(res.status).toBe(404);
        expect(((await res.json()) as ErrorBody).result).toBe("error");
      });
    },
  );
});
