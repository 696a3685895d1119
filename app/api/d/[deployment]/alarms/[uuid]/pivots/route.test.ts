import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, databaseState } from "@/lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { api } from "@/lib/shared/alarms/paths";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { PivotsAnswer } from "@/lib/shared/search/pivots";
import { acmeSimulator } from "@/test/deployments-env";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import { sessionCookie } from "@/test/session-cookie";
import { GET } from "./route";

// The pivots route file as Next calls it: the session, the deployments the analyst may see (one
// they may not is answered as one that does not exist), and the counts from this process's own
// index (PGlite in a directory of the test's).

const cookies = vi.hoisted(() => ({ jar: [] as { name: string; value: string }[] }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => cookies.jar }) }));

const dir = mkdtempSync(join(tmpdir(), "pivots-route-"));
const CREDS = { id: "route-pivots-client", secret: "route-pivots-secret-7c2d" };
const world = acmeSimulator(
  CREDS,
  { alarms: 50 },
  { env: { INDEX_DIR: dir }, beforeEachTest: () => (cookies.jar = []) },
);
afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const UUID = "3f2a9c1e-0000-4000-8000-00000000a11c";
const call = (deployment: string, search: string) =>
  GET(new NextRequest(`http://console.test${api.pivots(deployment, UUID, search)}`), {
    params: Promise.resolve({ deployment, uuid: UUID }),
  });

async function signIn(user = "local:route.analyst") {
  cookies.jar = [await sessionCookie(user)];
}

describe("GET /api/d/{deployment}/alarms/{uuid}/pivots", () => {
  // This process's index opened (and migrated) in a hook, not within a test's own time: on a
  // busy machine, PGlite's start and migrations took longer than a test may.
  beforeAll(async () => {
    const state = await databaseState();
    if (!state.ok) throw new Error(state.reason);
  });

  it("answers 401 when signed out", async () => {
    const response = await call("acme", "?ip=192.0.2.1");
    expect(response.status).toBe(401);
    expect(parseErrorBody(await response.json())?.error.code).toBe("unauthenticated");
  });

  it("answers a deployment the analyst may not see as one that does not exist, counting nothing", async () => {
    await signIn();
    const hidden = await call("hidden", "?ip=192.0.2.1");
    const unknown = await call("nowhere", "?ip=192.0.2.1");
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await unknown.json());
  });

  it("counts from the index of the deployment asked, and never asks the upstream", async () => {
    const state = await databaseState();
    if (!state.ok) throw new Error(state.reason);
    const shared = { sources: [endpoint({ address: "192.0.2.1" })], occurredAt: Date.now() };
    await ingestAlarms(state.database.db, "acme", [indexedAlarm({ ...shared, uuid: UUID })], 1);
    await ingestAlarms(state.database.db, "acme", [indexedAlarm(shared)], 1);
    await ingestAlarms(state.database.db, "hidden", [indexedAlarm(shared)], 1);
    await signIn();
    const response = await call("acme", "?ip=192.0.2.1&range=24h");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^private, no-store/);
    const body = (await response.json()) as PivotsAnswer;
    expect(body.counts).toEqual([{ field: "ip", value: "192.0.2.1", count: 2, capped: false }]);
    expect(body.related.alarms).toHaveLength(1);
    expect(world.sim.stats().byRoute).toEqual({ token: 0, alarms: 0, alarm: 0, labels: 0 });

    await signIn("local:boss");
    const boss = await call("hidden", "?ip=192.0.2.1&range=24h");
    expect(((await boss.json()) as PivotsAnswer).counts[0]!.count).toBe(1);
  });
});
