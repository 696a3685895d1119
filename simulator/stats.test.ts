// Conformance: GET /_sim/stats and RunningSimulator.stats() count what reached each route.
import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { CLIENT, basic, get, getToken, startTestSimulator, withSimulator } from "./test-support";

const sim = await startTestSimulator({ alarms: 10 });

describe("stats", () => {
  it("counts tokens, routes (failed requests included) and statuses, also over HTTP without admin", async () => {
    sim.reset();
    const token = await getToken(sim);
    await fetch(`${sim.url}/api/2.0/oauth/token`, {
      method: "POST",
      headers: { Authorization: basic(CLIENT.id, "bad") },
    });
    await get(`${sim.url}/api/2.0/alarms`, token);
    await get(`${sim.url}/api/2.0/alarms?size=0`, token);
    await get(`${sim.url}/api/2.0/alarms`, null);
    await get(`${sim.url}/api/2.0/alarms/nope`, token);
    await get(`${sim.url}/nowhere`, token);

    const expected = {
      tokensIssued: 1,
      rateLimited: 0,
      byRoute: { token: 2, alarms: 3, alarm: 1 },
      byStatus: { "200": 2, "400": 1, "401": 2, "404": 2 },
      // What the rate limiter judged: two token POSTs, three GETs with a valid token.
      busiestSecond: { get: 3, post: 2 },
      perSecond: expect.any(Array),
    };
    expect(sim.stats()).toEqual(expected);
    const series = sim.stats().perSecond;
    expect(series.reduce((sum, s) => sum + s.get, 0)).toBe(3);
    expect(series.reduce((sum, s) => sum + s.post, 0)).toBe(2);
    const res = await fetch(`${sim.url}/_sim/stats`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expected);
    // Reading stats does not count as traffic.
    expect(sim.stats()).toEqual(expected);
  });

  it("finds the busiest second of a client over a sliding window", async () => {
    sim.reset();
    const token = await getToken(sim);
    await Promise.all(
      Array.from({ length: 30 }, () => get(`${sim.url}/api/2.0/alarms?size=1`, token)),
    );
    expect(sim.stats().busiestSecond.get).toBe(30);
  });

  it("is read-only: other methods answer 405", async () => {
    expect((await fetch(`${sim.url}/_sim/stats`, { method: "POST" })).status).toBe(405);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

  it.skipIf(!external)("answers 403 to a client that is not on loopback", async () => {
    await withSimulator({ alarms: 5, host: "0.0.0.0", admin: true }, async (s) => {
      const port = new URL(s.url).port;
      expect((await fetch(`http://127.0.0.1:${port}/_sim/stats`)).status).toBe(200);
      const res = await fetch(`http://${external}:${port}/_sim/stats`);
      expect(res.status).toBe(403);
      expect(
        (await fetch(`http://${external}:${port}/_sim/reset`, { method: "POST" })).status,
      ).toBe(403);
    });
  });
});
