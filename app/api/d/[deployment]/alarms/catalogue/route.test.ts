import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { DELETE, GET, POST } from "./route";

// The route file itself, as Next calls it: the session check of the one wrapper, our error shape,
// the cache headers, and the catalogue of the process's own client (the simulator over HTTP).
// Only the request's cookies are stood in for (next/headers reads them from Next's request scope).

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const CREDS = { id: "route-catalogue-client", secret: "route-catalogue-secret-07aa" };
const world = acmeSimulator(CREDS, { alarms: 2000 }, { beforeEachTest: () => (cookies.jar = []) });

const call = (handler: typeof GET, method = "GET", deployment = "acme") =>
  handler(new NextRequest(`http://console.test/api/d/${deployment}/alarms/catalogue`, { method }), {
    params: Promise.resolve({ deployment }),
  });

async function signIn(): Promise<void> {
  cookies.jar = [await sessionCookie("local:route.analyst", "Route Analyst")];
}

describe("GET /api/d/{deployment}/alarms/catalogue", () => {
  it("answers 401 in the one error shape when signed out, kept by no cache, asking nothing upstream", async () => {
    const response = await call(GET);
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    expect(parseErrorBody(await response.json())?.error.code).toBe("unauthenticated");
    expect(world.sim.stats().byRoute).toEqual({ token: 0, alarms: 0, alarm: 0, labels: 0 });
  });

  it("answers 405 in the error shape to other methods, naming GET", async () => {
    for (const handler of [POST, DELETE]) {
      const response = await call(handler, handler === POST ? "POST" : "DELETE");
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
      expect(parseErrorBody(await response.json())?.error.code).toBe("method_not_allowed");
    }
  });

  it("answers the signed-in analyst the seeded catalogue, which the browser may keep a minute", async () => {
    await signIn();
    const response = await call(GET);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=60");
    const catalogue = alarmCatalogueSchema.parse(await response.json());
    expect(catalogue.strategies).toEqual(
      expect.arrayContaining(["Brute Force Authentication", "Web Shell", "Credential Dumping"]),
    );
    expect(catalogue.intents).toContain("Delivery & Attack");
    expect(catalogue.sensors.length).toBeGreaterThan(0);
    expect(world.sim.stats().byRoute.alarms).toBeGreaterThan(0);
  });

  it("answers 404 alike for a deployment the analyst may not see and one that does not exist", async () => {
    await signIn();
    const bodies = [];
    for (const key of ["hidden", "nowhere"]) {
      const response = await call(GET, "GET", key);
      expect(response.status).toBe(404);
      bodies.push(await response.json());
    }
    expect(parseErrorBody(bodies[0])?.error.code).toBe("not_found");
    expect(bodies[0]).toEqual(bodies[1]);
    expect(world.sim.stats().byRoute).toEqual({ token: 0, alarms: 0, alarm: 0, labels: 0 });
  });
});
