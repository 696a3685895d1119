// Conformance: per-client rate limits (doc section 6): 429 with a JSON body, then recovery.
import { describe, expect, it } from "vitest";
import {
  CLIENT,
  ErrorBody,
  basic,
  get,
  getLabels,
  getToken,
  withSimulator,
  writeLabel,
} from "./test-support";
import type { RunningSimulator } from "./types";

const OTHER = { id: "other-client", secret: "other-secret" };
const LIMITS = {
  alarms: 20,
  clients: [CLIENT, OTHER],
  rateLimit: { getPerSecond: 5, postPerSecond: 3 },
};

/** The options with a clock of the test's own, and the function that moves it. */
function withClock() {
  let now = Date.UTC(2024, 2, 15, 12, 0, 0);
  return {
    options: { ...LIMITS, now: () => now },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function postToken(sim: RunningSimulator, client = CLIENT): Promise<Response> {
  return fetch(`${sim.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: basic(client.id, client.secret) },
  });
}

// Each test has a simulator of its own, on a clock of its own: the window is one second of that
// clock, which the test moves instead of waiting.
describe.concurrent("rate limits", () => {
  it("limits GETs per client, answers 429 JSON without Retry-After, and recovers", async () => {
    const clock = withClock();
    await withSimulator(clock.options, async (sim) => {
      const token = await getToken(sim);
      const other = await getToken(sim, OTHER);
      const url = `${sim.url}/api/2.0/alarms?size=1`;
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

      // A window is one second from the oldest admitted request: not a millisecond less.
      clock.advance(999);
      expect((await get(url, token)).status).toBe(429);
      clock.advance(1);
      expect((await get(url, token)).status).toBe(200);
      expect(sim.stats().rateLimited).toBe(3);
    });
  });

  it("limits token POSTs per Basic username, and recovers", async () => {
    const clock = withClock();
    await withSimulator(clock.options, async (sim) => {
      const burst = await Promise.all(Array.from({ length: 4 }, () => postToken(sim)));
      expect(burst.map((res) => res.status).sort()).toEqual([200, 200, 200, 429]);
      expect((await postToken(sim, OTHER)).status).toBe(200);
      clock.advance(999);
      expect((await postToken(sim)).status).toBe(429);
      clock.advance(1);
      expect((await postToken(sim)).status).toBe(200);
    });
  });

  it("counts label writes in the POST budget, with token requests, and label reads as GETs", async () => {
    const clock = withClock();
    await withSimulator(clock.options, async (sim) => {
      const token = await getToken(sim); // the first of three POSTs this second
      const alarm = `${sim.url}/api/2.0/alarms?size=1`;
      const { uuid } = (
        (await (await get(alarm, token)).json()) as {
          _embedded: { alarms: Array<{ uuid: string }> };
        }
      )._embedded.alarms[0]!;
      const [labelId] = sim.labels().map((label) => label.id);
      expect((await writeLabel(sim, token, "PUT", uuid, labelId!)).status).toBe(200);
      expect((await writeLabel(sim, token, "DELETE", uuid, labelId!)).status).toBe(200);
      const limited = await writeLabel(sim, token, "PUT", uuid, labelId!);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBeNull();
      expect((await limited.json()) as ErrorBody).toMatchObject({
        result: "error",
        location: `/api/2.0/alarms/${uuid}/labels/${labelId}`,
      });
      expect((await postToken(sim)).status).toBe(429);
      expect(sim.labelsOf(uuid)).not.toContain(labelId);

      // Reads are GETs: one alarm read so far, four label reads fill the budget of five.
      for (let i = 0; i < 4; i++) expect((await getLabels(sim, token, uuid)).status).toBe(200);
      expect((await getLabels(sim, token, uuid)).status).toBe(429);

      clock.advance(1000);
      expect((await writeLabel(sim, token, "PUT", uuid, labelId!)).status).toBe(200);
      expect(sim.labelsOf(uuid)).toContain(labelId);
      // The first second saw three admitted and two refused POSTs, one alarm and five label GETs.
      expect(sim.stats().busiestSecond).toEqual({ get: 6, post: 5 });
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
