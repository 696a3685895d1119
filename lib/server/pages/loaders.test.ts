import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analystRoute } from "@/lib/server/api/route";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { parseView } from "@/lib/shared/alarms/view";
import { parseAlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import { testAnalyst } from "@/test/analyst";
import { acmeSimulator } from "@/test/deployments-env";
import { sessionCookie } from "@/test/session-cookie";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { getAlarmOnce } from "./alarm";
import { readHomeTiles } from "./home";
import { readListPage } from "./list";
import { readAllPage } from "./all";

// The server pages' reads as a page render makes them, for a signed-in analyst, against the
// process's analyst gate (here one with the test's clock and a small burst): the same share the
// API's requests draw on. A search flood through page URLs is refused once the share is spent,
// the API alike, and a colleague is answered meanwhile. Outside a React server render each call
// is its own render (React's per-request cache only applies within one).

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ getAll: () => cookies.jar }),
  headers: async () => new Headers(),
}));

const BURST = 6;
const clock = vi.hoisted(() => ({ now: 1_764_000_000_000 }));
vi.mock("@/lib/server/api/analyst-gate", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/server/api/analyst-gate")>();
  const limits = { perSecond: 1, burst: 6, inProgress: 24, holdSeconds: 0, maxHeld: 10 };
  const gate = new real.AnalystGate(limits, () => clock.now);
  return { ...real, analystGate: () => gate };
});

const dir = mkdtempSync(join(tmpdir(), "page-loaders-"));
const CREDS = { id: "page-loaders-client", secret: "page-loaders-secret-7c2d" };
const world = acmeSimulator(CREDS, { alarms: 40 }, { env: { INDEX_DIR: dir } });
beforeAll(async () => {
  const state = await databaseState();
  if (!state.ok) throw new Error(state.reason);
});
afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(user: string) {
  cookies.jar = [await sessionCookie(user)];
}

/** The finding's flood: a new search of every deployment's queue each time (/d/all/alarms?q=…). */
const search = (n: number) =>
  readAllPage(parseView({ q: `user:probe${n}` }, "all", { known: ["acme"] }).view);
const listPage = (n: number) =>
  readListPage("acme", parseAlarmListQuery(new URLSearchParams({ page: String(n) })).query);

/** Any API request, as every route handler is wrapped. */
const api = analystRoute("GET /api/probe", async () => ({ ok: true }));
const apiStatus = async () =>
  (await api(new NextRequest("http://console.test/api/probe"), { params: Promise.resolve({}) }))
    .status;

async function outcome(read: Promise<unknown>): Promise<"answered" | string> {
  try {
    await read;
    return "answered";
  } catch (error) {
    return error instanceof ApiError ? error.code : "thrown";
  }
}

describe("a page's reads and the analyst gate", () => {
  it("refuses one analyst's search flood through the page once the share is spent, not a colleague's", async () => {
    await signIn("local:flooder");
    const outcomes: string[] = [];
    for (let n = 0; n < 20; n++) outcomes.push(await outcome(search(n)));
    expect(outcomes.slice(0, BURST)).toEqual(Array(BURST).fill("answered"));
    expect(outcomes.slice(BURST)).toEqual(Array(20 - BURST).fill("rate_limited"));
    // The API draws on the same share.
    expect(await apiStatus()).toBe(429);

    await signIn("local:colleague");
    expect(await outcome(search(0))).toBe("answered");
    expect(await outcome(listPage(0))).toBe("answered");
    expect(await apiStatus()).toBe(200);

    await signIn("local:flooder");
    clock.now += 1_000; // one more a second
    expect(await outcome(search(99))).toBe("answered");
    expect(await outcome(search(100))).toBe("rate_limited");
  });

  it("draws the API's requests and a list page's reads from one share; refused, nothing is read", async () => {
    await signIn("local:mixed");
    for (let n = 0; n < BURST - 1; n++) expect(await apiStatus()).toBe(200);
    const rows = await listPage(1);
    expect(rows.alarms.length).toBeGreaterThan(0);
    const asked = world.sim.stats().byRoute.alarms;
    expect(await outcome(listPage(2))).toBe("rate_limited");
    expect(world.sim.stats().byRoute.alarms).toBe(asked);
  });

  it("reads an alarm's detail against the same share", async () => {
    await signIn("local:detail");
    const [alarm] = (await listPage(0)).alarms;
    for (let n = 0; n < BURST - 2; n++) expect(await apiStatus()).toBe(200);
    const client = deploymentRegistry().get("acme", testAnalyst("local:detail")).client();
    const call = { analyst: "local:detail", client };
    expect((await getAlarmOnce(alarm!.uuid, call)).uuid).toBe(alarm!.uuid);
    expect(await outcome(getAlarmOnce(alarm!.uuid, call))).toBe("rate_limited");
  });

  it("reads the home page's tile against the same share; refused, the tile carries the refusal", async () => {
    await signIn("local:home");
    for (let n = 0; n < BURST - 1; n++) expect(await apiStatus()).toBe(200);
    const home = testAnalyst("local:home");
    const [answered] = readHomeTiles(home); // Acme only: Hidden is not theirs
    expect((await answered!.tile).deployment.key).toBe("acme");
    const [refused] = readHomeTiles(home);
    expect(await outcome(refused!.tile)).toBe("rate_limited");
  });
});
