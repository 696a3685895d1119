// Conformance: GET /_sim/stats and RunningSimulator.stats() count what reached each route.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import {
  CLIENT,
  basic,
  get,
  getLabels,
  getToken,
  startTestSimulator,
  withSimulator,
  writeLabel,
} from "./test-support";

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
    await getLabels(sim, token, "nope");
    await writeLabel(sim, token, "PUT", "nope", "nope");
    await get(`${sim.url}/nowhere`, token);

    const expected = {
      tokensIssued: 1,
      rateLimited: 0,
      byRoute: { token: 2, alarms: 3, alarm: 1, labels: 2 },
      byStatus: { "200": 2, "400": 1, "401": 2, "404": 4 },
      // What the rate limiter judged: two token POSTs and a label PUT, four GETs with a token.
      busiestSecond: { get: 4, post: 3 },
      perSecond: expect.any(Array),
    };
    expect(sim.stats()).toEqual(expected);
    const series = sim.stats().perSecond;
    expect(series.reduce((sum, s) => sum + s.get, 0)).toBe(4);
    expect(series.reduce((sum, s) => sum + s.post, 0)).toBe(3);
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

  it("answers 403 to a client that is not 127.0.0.1 or ::1", async () => {
    // 127.0.0.2 stands in for a remote client: Linux routes all of 127.0.0.0/8 on the loopback
    // interface, so this runs on any machine, network or not, and the simulator never listens
    // beyond loopback. It is the peer address of the connection that counts, nothing it sends.
    await withSimulator({ alarms: 5, admin: true }, async (s) => {
      const stats = `${s.url}/_sim/stats`;
      expect(await statusFrom("127.0.0.1", stats)).toBe(200);
      expect(await statusFrom("127.0.0.2", stats)).toBe(403);
      expect(await statusFrom("127.0.0.2", `${s.url}/_sim/reset`, "POST")).toBe(403);
    });
  });
});

/** The status of a request sent from the local address `from`, as the simulator sees its peer. */
function statusFrom(from: string, url: string, method = "GET"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, localAddress: from }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      // Not a skip: a machine that cannot send from this address cannot run the test, and says so.
      if (error.code === "EADDRNOTAVAIL") {
        const reason = `This test sends from ${from}, an address this machine lacks (add it to lo)`;
        reject(new Error(reason, { cause: error }));
      } else reject(error);
    });
    req.end();
  });
}
