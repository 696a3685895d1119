import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { DimensionOverview } from "@/lib/shared/overview/types";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { GET } from "./route";

// The overview's route file as Next calls it: the session check, the input checks in our error
// shape, and one section of the overview from the real simulator over HTTP.

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const CREDS = { id: "route-overview-client", secret: "route-overview-secret-5b1e" };
const world = acmeSimulator(CREDS, { alarms: 800 }, { beforeEachTest: () => (cookies.jar = []) });

const call = (search: string, deployment = "acme") =>
  GET(new NextRequest(`http://console.test/api/d/${deployment}/alarms/overview${search}`), {
    params: Promise.resolve({ deployment }),
  });

async function signIn(): Promise<void> {
  cookies.jar = [await sessionCookie("local:route.analyst", "Route Analyst")];
}

describe("GET /api/d/{deployment}/alarms/overview", () => {
  it("answers 401 when signed out, asking nothing upstream", async () => {
    const response = await call("?part=status");
    expect(response.status).toBe(401);
    expect(parseErrorBody(await response.json())?.error.code).toBe("unauthenticated");
    expect(world.sim.stats().byRoute).toEqual({ token: 0, alarms: 0, alarm: 0, labels: 0 });
  });

  it.each([
    ["", "part"],
    ["?part=severity", "part"],
    ["?part=status&part=priority", "part"],
    ["?part=status&status=resolved", "status"],
    ["?part=histogram&range=2d", "range"],
    ["?part=status&q=user:(alice", "q"],
  ])("answers 400 naming the parameter for %j, asking nothing upstream", async (search, param) => {
    await signIn();
    const response = await call(search);
    expect(response.status).toBe(400);
    const body = parseErrorBody(await response.json());
    expect(body?.error).toMatchObject({ code: "invalid_request", param });
    expect(world.sim.stats().byRoute.alarms).toBe(0);
  });

  it("answers a section of the signed-in analyst's view", async () => {
    await signIn();
    const response = await call("?part=status&priority_label=high&page=3&sort=priority,asc");
    expect(response.status).toBe(200);
    const body = (await response.json()) as DimensionOverview;
    expect(body.part).toBe("status");
    // Every alarm in one status, those without one as none.
    expect(body.counts.map((entry) => entry.value)).toEqual([
      "open",
      "in_review",
      "closed",
      "none",
    ]);
    expect(body.counts.every((entry) => typeof entry.count === "number")).toBe(true);
    expect(world.sim.stats().byRoute.alarms).toBe(4); // the three named, and the total
  });

  it("lets go of a request the browser left at once, not when its reads end", async () => {
    await signIn();
    world.sim.setFaults({ latencyMs: 2_000, routes: ["alarms"] });
    try {
      const abort = new AbortController();
      const request = new NextRequest(
        "http://console.test/api/d/acme/alarms/overview?part=histogram&range=7d",
        { signal: abort.signal },
      );
      const answer = GET(request, { params: Promise.resolve({ deployment: "acme" }) });
      abort.abort();
      const response = await answer;
      expect(response.status).toBe(200);
      // The reads (two seconds each) were still under way: the answer is the early one.
      expect(await response.json()).toEqual({ left: true });
      expect(request.signal.aborted).toBe(true);
      // Its reads went on: the same section asked again joins them, and ends when they do.
      const joined = await call("?part=histogram&range=7d");
      expect(((await joined.json()) as { bars: unknown[] }).bars.length).toBeGreaterThan(24);
    } finally {
      world.sim.setFaults({ latencyMs: 0 });
    }
  });

  it("answers 404 alike for a deployment the analyst may not see and one that does not exist", async () => {
    await signIn();
    const bodies = [];
    for (const key of ["hidden", "nowhere"]) {
      const response = await call("?part=status", key);
      expect(response.status).toBe(404);
      bodies.push(await response.json());
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(world.sim.stats().byRoute.alarms).toBe(0);
  });
});
