import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { alarmDetailSchema, alarmPageSchema } from "@/lib/server/core/shapes";
import { type UsmClient } from "@/lib/server/usm";
import { asTester, testClient } from "@/test/usm-client";
import { usmHealthSchema } from "@/lib/server/core/shapes";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { openDatabase } from "@/lib/server/db";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { setProcessIndexSync } from "@/lib/server/mirror/sync";
import { readsOnlySync } from "@/test/index-sync";
import { MemoryStore } from "@/lib/server/store/memory";
import { simulatedDeployment } from "@/test/deployment-config";
import { alarmDetail, alarmList, health, healthOfAll } from "./alarm-routes";
import { alarmOverview } from "./overview-routes";
import { respond } from "./route";
import { parseErrorBody } from "@/lib/shared/core/errors";

// The browser API's request -> response logic, through the one wrapper's respond() (the session
// check around it is covered by the e2e).

const CREDS = { id: "route-client", secret: "route-secret-4be0" };
let sim: RunningSimulator;
let client: UsmClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 300, clients: [CREDS] });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  client = testClient(sim, CREDS, { retryDeadlineMs: 500 });
});
afterEach(() => vi.restoreAllMocks());

const list = (query: string, from = client) =>
  respond("GET /api/alarms", () =>
    alarmList(new URL(`http://app.test/api/alarms${query}`), asTester(from)),
  );
const detail = (uuid: string) =>
  respond("GET /api/alarms/[uuid]", () => alarmDetail(uuid, asTester(client)));
const healthOf = (from: UsmClient) => respond("GET /api/health", () => health(asTester(from)));

async function errorOf(response: Response) {
  const body = parseErrorBody(await response.json());
  if (!body) throw new Error("the response is not in our error shape");
  return body.error;
}

function expectNoLeak(text: string) {
  expect(text).not.toContain(new URL(sim.url).host);
  expect(text).not.toContain(CREDS.secret);
  expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/); // a token
}

describe("GET /api/d/{key}/alarms", () => {
  it("answers one AlarmPage, private and uncached", async () => {
    const response = await list("?page=1&size=50&sort=priority,desc&status=open");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = alarmPageSchema.parse(await response.json());
    expect(body.page).toMatchObject({ number: 1, size: 50 });
    expect(body.alarms.every((alarm) => alarm.status === "open")).toBe(true);
    expectNoLeak(JSON.stringify(body));
  });

  it.each([
    ["?size=7", "size"],
    ["?page=-1", "page"],
    ["?page=abc", "page"],
    ["?sort=uuid,desc", "sort"],
    ["?sort=priority", "sort"],
    ["?status=pending", "status"],
    ["?suppressed=maybe", "suppressed"],
    ["?alarm_sensor_sources=../../oauth/token", "alarm_sensor_sources"],
    ["?timestamp_occured_gte=yesterday", "timestamp_occured_gte"],
    ["?timestamp_occured_gte=2000&timestamp_occured_lte=1000", "timestamp_occured_lte"],
    ["?page=1&page=2", "page"],
    ["?query=188.1.32.78", "query"],
    ["?suppressed=true&Suppressed=false", "suppressed"],
  ])("answers 400 invalid_request naming the parameter for %s", async (query, param) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: "invalid_request", param });
    expect(error.message).toContain(param);
  });

  it("reads a parameter's name in any case", async () => {
    const response = await list("?Status=open&SIZE=10");
    expect(response.status).toBe(200);
    const body = alarmPageSchema.parse(await response.json());
    expect(body.page.size).toBe(10);
    expect(body.alarms.every((alarm) => alarm.status === "open")).toBe(true);
  });

  it("reads past the shared cache when asked for a fresh page (the live queue's Show)", async () => {
    const read = (fresh: boolean) =>
      respond("GET /api/alarms", () =>
        alarmList(new URL("http://app.test/api/alarms?status=open"), asTester(client), fresh),
      );
    const first = alarmPageSchema.parse(await (await read(false)).json());
    const added = sim.addAlarm({ status: "open" }).uuid; // arrives right after that read
    const cached = alarmPageSchema.parse(await (await read(false)).json());
    expect(cached.alarms[0]?.uuid).toBe(first.alarms[0]?.uuid); // a colleague's page, shared
    const fresh = alarmPageSchema.parse(await (await read(true)).json());
    expect(fresh.alarms[0]?.uuid).toBe(added);
    expect(fresh.readAt).toBeGreaterThanOrEqual(cached.readAt);
    expect(sim.stats().byRoute.alarms).toBe(2);
  });

  it("calls nothing upstream for an invalid request", async () => {
    await list("?size=7");
    expect(sim.stats().byRoute).toEqual({ token: 0, alarms: 0, alarm: 0, labels: 0 });
  });

  it("answers an upstream failure in our shape, logging only route, status, code and time", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    sim.setFaults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
    const response = await list("");
    expect(response.status).toBe(502);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    const text = await response.text();
    expectNoLeak(text);
    expect(parseErrorBody(JSON.parse(text))?.error.code).toBe("upstream_unavailable");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.join(" ")).toMatch(
      /^\[api\] GET \/api\/alarms 502 upstream_unavailable \d+ms$/,
    );
  });

  it("answers persistent upstream 429s with 503 and a Retry-After header", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    sim.setFaults({ failRate: 1, failStatus: 429, routes: ["alarms"] });
    const response = await list("");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await errorOf(response)).toMatchObject({ code: "upstream_rate_limited" });
  });

  it("never answers 401 for rejected upstream credentials", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const wrong = testClient(sim, { ...CREDS, secret: "wrong" }, { cacheTtlMs: 0 });
    const response = await list("", wrong);
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatchObject({ code: "upstream_auth_failed" });
  });
});

describe("GET /api/d/{key}/alarms/overview", () => {
  const overview = (query: string, deployment?: string) =>
    respond("GET /api/d/[deployment]/alarms/overview", () =>
      alarmOverview(
        new URL(`http://app.test/api/d/acme/alarms/overview${query}`),
        asTester(client),
        undefined,
        deployment,
      ),
    );

  it("counts one value of each filter upstream, and several only from an index holding the deployment", async () => {
    expect((await overview("?part=priority&status=open")).status).toBe(200);
    const calls = sim.stats().byRoute.alarms;
    expect(calls).toBeGreaterThan(0);
    // Its own filter left out, a dimension of several values is counted upstream as any other.
    expect((await overview("?part=status&status=open&status=closed")).status).toBe(200);
    // Acme is not indexed here: no count of another view stands in for the view's.
    for (const deployment of [undefined, "acme"]) {
      const refused = await overview("?part=priority&status=open&status=closed", deployment);
      expect(refused.status).toBe(503);
      expect(await errorOf(refused)).toMatchObject({ code: "index_unavailable", param: "status" });
    }
  });
});

describe("GET /api/d/{key}/alarms/{uuid}", () => {
  it("answers one AlarmDetail", async () => {
    const page = alarmPageSchema.parse(await (await list("?size=10")).json());
    const uuid = page.alarms[0]!.uuid;
    const response = await detail(uuid);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = alarmDetailSchema.parse(await response.json());
    expect(body.uuid).toBe(uuid);
    expectNoLeak(JSON.stringify(body));
  });

  it.each([
    ["an unknown uuid", "00000000-0000-4000-8000-000000000000"],
    ["a non-uuid", "not-an-alarm"],
    ["a path", "../oauth/token"],
  ])("answers 404 not_found for %s", async (_, id) => {
    const response = await detail(id);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "not_found" });
  });
});

/** This process's index: an in-memory database, the sync's workers off (reads only). */
async function withIndex<T>(
  run: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dir: "memory://" });
  const sync = await readsOnlySync(database, new MemoryStore());
  setProcessIndexSync(sync);
  try {
    return await run(database.db);
  } finally {
    setProcessIndexSync(undefined);
    await sync.stop();
    await database.close();
  }
}

describe("an alarm's detail and the index", () => {
  it("refreshes the alarm's row in the index, without making the read wait", async () => {
    const [alarm] = alarmPageSchema.parse(await (await list("?size=20")).json()).alarms;
    await withIndex(async (db) => {
      expect((await detail(alarm!.uuid)).status).toBe(200);
      const deadline = Date.now() + 10_000;
      let row;
      while (!(row = await db.selectFrom("alarms").select(["uuid", "status"]).executeTakeFirst())) {
        if (Date.now() > deadline) throw new Error("not indexed within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(row).toEqual({ uuid: alarm!.uuid, status: alarm!.status });
    });
  });
});

describe("GET /api/health", () => {
  it("tells each deployment's index state with its health", async () => {
    const registry = new DeploymentRegistry(
      [simulatedDeployment("acme", sim, CREDS)],
      () => client,
    );
    const without = await healthOfAll(registry.all(), "alice");
    expect(without.deployments[0]).toMatchObject({ key: "acme", index: { state: "off" } });
    const withSync = await withIndex(() => healthOfAll(registry.all(), "alice"));
    expect(withSync.deployments[0]).toMatchObject({
      key: "acme",
      index: { state: "off", reason: expect.stringContaining("not kept in step") },
      health: { token: { valid: true } },
    });
  });

  it("answers the health report", async () => {
    const response = await healthOf(client);
    expect(response.status).toBe(200);
    const health = usmHealthSchema.parse(await response.json());
    expect(health.token.valid).toBe(true);
    expectNoLeak(JSON.stringify(health));
  });

  it("answers the upstream's failure as an error, not as a 200", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["token"] });
    const response = await healthOf(client);
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatchObject({ code: "upstream_unavailable" });
  });
});
