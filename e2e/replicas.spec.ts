import { randomBytes } from "node:crypto";
// eslint-disable-next-line no-restricted-imports -- signs in on the replicas it starts
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { redisTestsEnabled, startRedisServer, type RedisServer } from "@/test/redis-server";
import { e2e } from "./support/env";
import { acmeOn, startReplicas, type Replica, type Replicas } from "./support/replicas";
import { apiSignIn, apiSignOut, sessionCookie } from "./support/sign-in";

// The console as a team service: three production servers sharing one real Redis (REDIS_URL),
// driven round-robin as a load balancer would, against a simulator of their own that answers in
// 50 ms and enforces the upstream's limits. Runs last and alone (the `replicas` project): it
// loads the machine on purpose. Counts and statuses are asserted, never times.

test.describe.configure({ mode: "serial" });
test.skip(!redisTestsEnabled(), "redis-server is not installed (in CI this fails instead)");
test.use({ storageState: { cookies: [], origins: [] } });

const CLIENT = { id: "replicas-client", secret: `replicas-${randomBytes(8).toString("hex")}` };
const ANALYSTS = ["replica.a", "replica.b", "replica.c", "replica.d"];

let redis: RedisServer;
let sim: RunningSimulator;
let cluster: Replicas;
let replicas: Replica[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  redis = await startRedisServer({ persist: true });
  sim = await startSimulator({
    port: 0,
    alarms: 5000,
    clients: [CLIENT],
    faults: { latencyMs: 50 },
  });
  cluster = await startReplicas(3, {
    REDIS_URL: redis.url,
    ...acmeOn(sim, CLIENT),
    NEXTAUTH_SECRET: `replicas-${randomBytes(24).toString("hex")}`,
    NEXTAUTH_URL: "http://localhost:3999", // the load balancer's address, as analysts see it
    AUTH_TRUSTED_PROXY_HOPS: "1",
    AUTH_LOCAL_USERS: ANALYSTS.map((user) => `${user}:${e2e.localPasswordHash}`).join(","),
  });
  replicas = cluster.replicas;
});

test.afterAll(async () => {
  await cluster?.stop();
  await sim?.close();
  await redis?.close();
});

/** One HTTP exchange with a replica; the cookie jar is the caller's. */
async function call(replica: Replica, path: string, init: { cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.ip) headers["X-Forwarded-For"] = init.ip;
  const response = await fetch(`${replica.url}${path}`, { headers, redirect: "manual" });
  return { response, text: await response.text() };
}

/** The API clients the tests signed in with, disposed of at the end. */
const clients: APIRequestContext[] = [];
test.afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

/**
 * Signs in through `replica`, from `ip` as the proxy reports it, in a client of its own: its
 * session cookie (to replay on any replica), or the error next-auth gave.
 */
async function signIn(
  replica: Replica,
  username: string,
  password = e2e.localPassword,
  ip = "10.1.0.1",
) {
  const client = await request.newContext({ baseURL: replica.url });
  clients.push(client);
  const { ok, error } = await apiSignIn(client, username, password, ip);
  return { client, error, session: ok ? await sessionCookie(client) : undefined };
}

test("three replicas under 300 concurrent requests for 20 s: one token, no upstream 429, no second over the limit", async () => {
  test.setTimeout(120_000);
  // The replicas seed the deployment's catalogue at start, once for all three: its answer to the
  // first analyst waits for that seed to end, so the upstream is quiet from then on.
  const first = (await signIn(replicas[0]!, ANALYSTS[0]!)).session!;
  const catalogue = await call(replicas[1]!, "/api/d/acme/alarms/catalogue", { cookie: first });
  expect(catalogue.response.status).toBe(200);
  const seeded = sim.stats().byRoute;
  expect(seeded.token).toBe(1);
  // Each other analyst signs in on one replica, and all are then served by all three.
  const others = await Promise.all(
    ANALYSTS.slice(1).map(async (analyst, n) => (await signIn(replicas[n % 3]!, analyst)).session!),
  );
  const sessions = [first, ...others];
  expect(sessions.every(Boolean)).toBe(true);
  expect(sim.stats().byRoute).toEqual(seeded); // sign-in reads nothing

  const statuses = new Map<number, number>();
  let turn = 0;
  const until = Date.now() + 20_000;
  const worker = async () => {
    while (Date.now() < until) {
      const n = turn++;
      const page = n % 500;
      const { response } = await call(replicas[n % 3]!, `/api/d/acme/alarms?page=${page}&size=10`, {
        cookie: sessions[n % sessions.length],
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 300 }, worker));

  // Ours only: answers, our 429 for an analyst's excess, our 503 for a call that waited too long.
  expect([...statuses.keys()].filter((status) => ![200, 429, 503].includes(status))).toEqual([]);
  expect(statuses.get(200)).toBeGreaterThan(500);
  const stats = sim.stats();
  expect(stats.tokensIssued).toBe(1); // one token for three replicas
  expect(stats.byRoute.token).toBe(1);
  expect(stats.rateLimited).toBe(0);
  expect(stats.busiestSecond.get).toBeLessThanOrEqual(100);
  expect(Math.max(...stats.perSecond.map((second) => second.get))).toBeLessThanOrEqual(100);
  // And the upstream was kept busy, not starved: more than half the limit on average.
  expect(stats.byRoute.alarms).toBeGreaterThan(50 * 20);
  expect(replicas.every((replica) => replica.alive())).toBe(true);
});

test("a sign-out on one replica is refused on the others at once", async () => {
  const { session, client } = await signIn(replicas[0]!, "replica.b");
  for (const replica of replicas) {
    expect(
      (await call(replica, "/api/d/acme/alarms?size=10", { cookie: session })).response.status,
    ).toBe(200);
  }
  expect((await apiSignOut(client)).status()).toBe(200);
  for (const replica of replicas.slice(1)) {
    const { response, text } = await call(replica, "/api/d/acme/alarms?size=10", {
      cookie: session,
    });
    expect(response.status).toBe(401);
    expect(parseErrorBody(JSON.parse(text))?.error.code).toBe("unauthenticated");
  }
});

test("failed sign-ins are counted once across replicas", async () => {
  const ip = "203.0.113.77";
  for (let i = 0; i < 5; i++) {
    expect((await signIn(replicas[i % 3]!, "replica.c", `wrong-${i}`, ip)).error).toBe(
      "CredentialsSignin",
    );
  }
  // Counted per replica, each would allow these. Counted once, the fifth failure delays the next
  // attempt (by 1 s, doubling): of three sent at once at least two meet a delay, however slowly
  // this machine gets them there (a first one arriving after the second would be the sixth).
  const next = await Promise.all(
    replicas.map((replica, n) => signIn(replica, "replica.c", `wrong-again-${n}`, ip)),
  );
  const delayed = next.filter((outcome) => /^Throttled:\d+$/.test(outcome.error ?? ""));
  expect(delayed.length).toBeGreaterThanOrEqual(2);
  // The owner elsewhere is not held back.
  expect(
    (await signIn(replicas[1]!, "replica.c", e2e.localPassword, "198.51.100.9")).session,
  ).toBeTruthy();
});

test("with Redis gone: clear 503s, no crash, no upstream call; back by themselves when it returns", async () => {
  test.setTimeout(120_000);
  const { session } = await signIn(replicas[2]!, "replica.d");
  // Traffic running through it all, one analyst's pace on each replica (a few requests a second,
  // within an analyst's share): every answer must be ours, 200 or a 503 in our shape.
  const answers: Array<{ status: number; code: string | undefined }> = [];
  let running = true;
  const traffic = Promise.all(
    replicas.map(async (replica, worker) => {
      for (let n = 0; running; n++) {
        const { response, text } = await call(
          replica,
          `/api/d/acme/alarms?size=10&page=${(worker * 150 + n) % 480}`,
          { cookie: session },
        );
        const code = response.ok ? undefined : parseErrorBody(JSON.parse(text))?.error.code;
        answers.push({ status: response.status, code });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
  await expect.poll(() => answers.length).toBeGreaterThan(10);
  await redis.stop();
  await expect
    .poll(() => answers.filter((a) => a.code === "store_unavailable").length)
    .toBeGreaterThan(10);
  const upstreamBefore = sim.stats().byRoute.alarms;
  try {
    for (const replica of replicas) {
      const api = await call(replica, "/api/d/acme/alarms?size=10&page=7", { cookie: session });
      expect(api.response.status).toBe(503);
      expect(Number(api.response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(parseErrorBody(JSON.parse(api.text))?.error.code).toBe("store_unavailable");
      expect((await call(replica, "/api/health/ready")).response.status).toBe(503);
      expect((await call(replica, "/api/health/live")).response.status).toBe(200);
      expect((await signIn(replica, "replica.d", e2e.localPassword, "10.9.9.9")).error).toBe(
        "Unavailable",
      );
      const page = await call(replica, "/d/acme/alarms", { cookie: session });
      expect(page.response.status).toBe(307);
      expect(page.response.headers.get("location")).toContain("error=Unavailable");
    }
    expect(sim.stats().byRoute.alarms).toBe(upstreamBefore);
    expect(replicas.every((replica) => replica.alive())).toBe(true);
  } finally {
    await redis.start(); // with its data: it persists, as a production Redis should
  }
  await expect
    .poll(() => answers.slice(-10).every((a) => a.status === 200), { timeout: 30_000 })
    .toBe(true);
  running = false;
  await traffic;
  const unexpected = answers.filter(
    (a) => a.status !== 200 && !(a.status === 503 && a.code === "store_unavailable"),
  );
  expect(unexpected).toEqual([]);
  // No restart: each replica reconnects, and the session signed in before the outage still works.
  for (const replica of replicas) {
    await expect
      .poll(async () => (await call(replica, "/api/health/ready")).response.status, {
        timeout: 30_000,
      })
      .toBe(200);
    const api = await call(replica, "/api/d/acme/alarms?size=10&page=8", { cookie: session });
    expect(api.response.status).toBe(200);
  }
});

test("replicas sharing Redis without DATABASE_URL have no index: search says why, the list works", async () => {
  const { session } = await signIn(replicas[0]!, "replica.c");
  const search = await call(replicas[1]!, `/api/d/acme/alarms?q=${encodeURIComponent("user:x")}`, {
    cookie: session,
  });
  expect(search.response.status).toBe(503);
  const body = parseErrorBody(JSON.parse(search.text));
  expect(body?.error.code).toBe("index_unavailable");
  expect(body?.error.message).toContain("DATABASE_URL");
  const list = await call(replicas[2]!, "/api/d/acme/alarms?size=10", { cookie: session });
  expect(list.response.status).toBe(200);
});
