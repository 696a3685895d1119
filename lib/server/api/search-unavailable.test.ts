import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { alarmPageSchema } from "@/lib/server/core/shapes";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { asTester, testClient } from "@/test/usm-client";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { alarmList } from "./alarm-routes";
import { respond } from "./route";
import { searchSuggestions } from "./search-routes";

// A process that cannot have the index (here: replicas sharing Redis without DATABASE_URL, which
// PGlite cannot serve): a search and its suggestions answer 503 index_unavailable saying why,
// and the list without a search goes on reading the upstream as before.

const CREDS = { id: "unavailable-client", secret: "unavailable-secret-7c2d" };
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 50, clients: [CREDS] });
  const acme = { key: "acme", name: "Acme", kind: "anywhere", baseUrl: sim.url };
  vi.stubEnv(
    "USM_DEPLOYMENTS",
    JSON.stringify([{ ...acme, clientId: CREDS.id, clientSecret: CREDS.secret }]),
  );
  vi.stubEnv("USM_SIMULATOR", "1");
  vi.stubEnv("NEXTAUTH_SECRET", "search-test-session-secret-0123456789");
  vi.stubEnv("REDIS_URL", "redis://127.0.0.1:9");
  vi.stubEnv("DATABASE_URL", "");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sim.close();
});

const scope = { allowed: ["acme"], deployments: ["acme"], analyst: null };

it("answers 503 index_unavailable with the reason to a search, and the plain list still works", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const call = asTester(testClient(sim, CREDS));
  const list = (search: string) =>
    respond("GET /api/d/[deployment]/alarms", () =>
      alarmList(new URL(`http://app.test/api/d/acme/alarms${search}`), call, false, scope),
    );
  const suggest = respond("GET /api/d/[deployment]/alarms/suggest", () =>
    searchSuggestions(new URL("http://app.test/s?field=host&prefix=we"), scope),
  );
  for (const response of [await list("?q=alice"), await suggest]) {
    expect(response.status).toBe(503);
    const error = parseErrorBody(await response.json())?.error;
    expect(error?.code).toBe("index_unavailable");
    expect(error?.message).toMatch(/REDIS_URL.*DATABASE_URL/);
  }
  const plain = await list("?status=open");
  expect(plain.status).toBe(200);
  const page = alarmPageSchema.parse(await plain.json());
  expect(page.alarms.length).toBeGreaterThan(0);
  expect(page.source).toBeUndefined();
});
