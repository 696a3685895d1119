import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// eslint-disable-next-line no-restricted-imports -- signs in on the servers it starts
import { expect, test } from "@playwright/test";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { e2e } from "./support/env";
import { acmeOn, startReplicas, type Replicas } from "./support/replicas";
import { apiSignIn, sessionCookie } from "./support/sign-in";

// A console stopped in the middle of its first backfill goes on where it was when it starts
// again: the embedded index (PGlite, in a directory that outlives the process) ends with exactly
// the upstream's alarms, no duplicate and no gap. Runs with the replicas (its own server).

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

const CLIENT = { id: "index-restart", secret: `index-restart-${randomBytes(8).toString("hex")}` };
const ALARMS = 4000;

let sim: RunningSimulator;
let cluster: Replicas;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), "alarm-console-e2e-restart-"));
  // Slow pages of 50: the backfill takes long enough to be stopped in its middle.
  sim = await startSimulator({
    port: 0,
    alarms: ALARMS,
    seed: 9,
    clients: [CLIENT],
    faults: { latencyMs: 150 },
  });
  const secret = `index-restart-${randomBytes(24).toString("hex")}`;
  cluster = await startReplicas(1, (url) => ({
    ...acmeOn(sim, CLIENT),
    INDEX_DIR: dir,
    INDEX_PAGE_SIZE: "50",
    INDEX_INTERVAL_SECONDS: "1",
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: url,
    AUTH_LOCAL_USERS: `restart.analyst:${e2e.localPasswordHash}`,
  }));
});

test.afterAll(async () => {
  await cluster?.stop();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * How many alarms of Acme the index holds (every alarm has a priority from 0 to 100), summed over
 * bands of priority: a search counts to 2,000, each band holds fewer.
 */
async function indexed(url: string, cookie: string): Promise<number> {
  let sum = 0;
  for (let low = 0; low <= 90; low += 10) {
    const q = low === 90 ? "priority >= 90" : `priority >= ${low} AND priority < ${low + 10}`;
    const response = await fetch(`${url}/api/d/acme/alarms?size=10&q=${encodeURIComponent(q)}`, {
      headers: { Cookie: cookie },
    });
    if (response.status !== 200) return -response.status;
    const { page } = (await response.json()) as {
      page: { totalElements: number; totalIsLowerBound?: boolean };
    };
    if (page.totalIsLowerBound) throw new Error(`more than a search counts: ${q}`);
    sum += page.totalElements;
  }
  return sum;
}

test("a console restarted mid-backfill ends with exactly the upstream's alarms", async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const url = cluster.replicas[0]!.url;
  const signIn = async () => {
    const client = await playwright.request.newContext({ baseURL: url });
    expect((await apiSignIn(client, "restart.analyst", e2e.localPassword)).ok).toBe(true);
    const cookie = (await sessionCookie(client))!;
    await client.dispose();
    return cookie;
  };
  const cookie = await signIn();
  // Stopped once some pages are in, long before the end.
  await expect.poll(() => indexed(url, cookie), { timeout: 60_000 }).toBeGreaterThan(200);
  const before = await indexed(url, cookie);
  expect(before).toBeLessThan(ALARMS);
  await cluster.restart(0);

  // Its sessions survive in the signed cookie; the index goes on from its checkpoint.
  const after = await signIn();
  expect(await indexed(url, after)).toBeGreaterThanOrEqual(before);
  await expect.poll(() => indexed(url, after), { timeout: 180_000 }).toBe(ALARMS);
  // Exactly the upstream's: what the upstream counts, the index counts, for every status.
  for (const status of ["open", "in_review", "closed"]) {
    const upstream = await fetch(`${url}/api/d/acme/alarms?size=10&status=${status}`, {
      headers: { Cookie: after },
    });
    const index = await fetch(
      `${url}/api/d/acme/alarms?size=10&status=${status}&q=${encodeURIComponent("priority >= 0")}`,
      { headers: { Cookie: after } },
    );
    const total = async (r: Response) =>
      ((await r.json()) as { page: { totalElements: number } }).page.totalElements;
    expect(await total(index)).toBe(await total(upstream));
  }
});
