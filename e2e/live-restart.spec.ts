import { randomBytes } from "node:crypto";
// eslint-disable-next-line no-restricted-imports -- signs in on the servers it starts
import { expect, test } from "@playwright/test";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { redisTestsEnabled, startRedisServer, type RedisServer } from "@/test/redis-server";
import { e2e } from "./support/env";
import { liveStatus, newAlarmsBanner, rows } from "./support/list";
import { acmeOn, startReplicas, type Replicas } from "./support/replicas";
import { signIn } from "./support/sign-in";

// The live stream outlives its server: a console on Redis (sessions and the watch survive in it)
// is stopped and started again while an analyst's list is open. Runs with the replicas (it
// restarts a production server of its own).

test.describe.configure({ mode: "serial" });
test.skip(!redisTestsEnabled(), "redis-server is not installed (in CI this fails instead)");
test.use({ storageState: { cookies: [], origins: [] } });

const CLIENT = { id: "live-restart", secret: `live-restart-${randomBytes(8).toString("hex")}` };
const INTERVAL_S = 2;

let redis: RedisServer;
let sim: RunningSimulator;
let cluster: Replicas;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  redis = await startRedisServer();
  sim = await startSimulator({ port: 0, alarms: 500, seed: 5, clients: [CLIENT], admin: true });
  const secret = `live-restart-${randomBytes(24).toString("hex")}`; // the same after the restart
  cluster = await startReplicas(1, (url) => ({
    REDIS_URL: redis.url,
    ...acmeOn(sim, CLIENT),
    LIVE_INTERVAL_SECONDS: String(INTERVAL_S),
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: url,
    AUTH_LOCAL_USERS: `live.restart:${e2e.localPasswordHash}`,
  }));
});

test.afterAll(async () => {
  await cluster?.stop();
  await sim?.close();
  await redis?.close();
});

test("the stream reconnects after the server restarts, resumes from its last event, and announces what arrives", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const url = cluster.replicas[0]!.url;
  await signIn(page, "live.restart", e2e.localPassword, `${url}/signin`);

  // The Last-Event-ID of each stream request the server answered: the header the browser sends
  // when it reconnects by itself, or the parameter the console sends when it opens a stream
  // anew after a refusal. (Attempts made while the server was down never reached it.)
  const streams: Array<string | null> = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== "/api/live") return;
    const index = streams.push(null) - 1;
    const header = await response.request().headerValue("last-event-id");
    streams[index] = header ?? url.searchParams.get("lastEventId");
  });
  await page.goto(`${url}/d/acme/alarms`);
  const status = liveStatus(page);
  await expect(status).toHaveText(/^Updated/);
  expect(streams).toHaveLength(1);

  // The page notices the drop while the server is away (watched from before the stop: the
  // browser may be back on the new server before the test has seen it come up).
  const noticed = expect(status).not.toHaveText(/^Updated/, { timeout: 60_000 });
  await cluster.restart(0);
  await noticed;
  // The browser reconnects by itself, saying which event it had last.
  await expect(status).toHaveText(/^Updated/, { timeout: 30_000 });
  expect(streams.length).toBeGreaterThan(1);
  expect(streams[0]).toBeNull();
  for (const id of streams.slice(1)) expect(id).toMatch(/^\S+$/);

  const { uuid } = sim.addAlarm({ status: "open", priority: 80 }) as { uuid: string };
  await expect(newAlarmsBanner(page)).toHaveText(/^1 new alarm/, {
    timeout: 2 * INTERVAL_S * 1000 + 5_000,
  });
  await page.keyboard.press(".");
  await expect(rows(page).first()).toHaveAttribute("data-alarm-row", uuid);
});
