// Conformance: per-client rate limits (doc section 6): 429 with a JSON body, then recovery.
import { describe, expect, it } from "vitest";
import { CLIENT, ErrorBody, basic, get, getToken, withSimulator } from "./test-support";
import type { RunningSimulator } from "./types";

const OTHER = { id: "other-client", secret: "other-secret" };
const LIMITS = {
  alarms: 20,
  clients: [CLIENT, OTHER],
  rateLimit: { getPerSecond: 5, postPerSecond: 3 },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function postToken(sim: RunningSimulator, client = CLIENT): Promise<Response> {
  return fetch(`${sim.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: basic(client.id, client.secret) },
  });
}

// Each test has a simulator of its own, so the one-second waits can overlap.
describe.concurrent("rate limits", () => {
  it("limits GETs per client, answers 429 JSON without Retry-After, and recovers", async () => {
    await withSimulator(LIMITS, async (sim) => {
      const token = await getToken(sim);
      const other = await getToken(sim, OTHER);
      const url = `${sim.url}/api/2.0/alarms?size=1`;
      // One concurrent burst, so a slow machine cannot spread it over more than the window.
      const burst = await Promise.all(Array.from({ length: 7 }, () => get(url, token)));
      const statuses = burst.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

      const limited = burst.find((res) => res.status === 429)!;
      expect(limited.headers.get("retry-after")).toBeNull();
      expect((await limited.json()) as ErrorBody).toMatchObject({
        result: "error",
        location: "/api/2.0/alarms",
      });
      // Counted per client: another client still has its budget.
      expect((await get(url, other)).status).toBe(200);

      await sleep(1050);
      expect((await get(url, token)).status).toBe(200);
      expect(sim.stats().rateLimited).toBe(2);
    });
  });

  it("limits token POSTs per Basic username, and recovers", async () => {
    await withSimulator(LIMITS, async (sim) => {
      const burst = await Promise.all(Array.from({ length: 4 }, () => postToken(sim)));
      expect(burst.map((res) => res.status).sort()).toEqual([200, 200, 200, 429]);
      expect((await postToken(sim, OTHER)).status).toBe(200);
      await sleep(1050);
      expect((await postToken(sim)).status).toBe(200);
    });
  });

  it("counts GETs and POSTs in separate budgets", async () => {
    await withSimulator(LIMITS, async (sim) => {
      const token = await getToken(sim);
      for (let i = 0; i < 5; i++) await get(`${sim.url}/api/2.0/alarms?size=1`, token);
      expect((await postToken(sim)).status).toBe(200);
    });
  });
});
