import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Analyst } from "@/lib/server/auth/session";
import { ssoAnalyst, testAnalyst } from "@/test/analyst";
import { simulatedDeployment } from "@/test/deployment-config";
import { parseAlarmListQuery } from "@/lib/shared/alarms/query";
import type { DeploymentConfig } from "@/lib/server/env/deployments";
import { ApiError } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import { fetchAlarmPage, createUsmClient } from "@/lib/server/usm";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { parseAllRequest, readAllByTime } from "./read";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";

// Three simulated deployments over HTTP, as the console meets real ones: Acme, Globex (slow) and
// Initech (which refuses the console's credentials). One store for all, as replicas share one.

const CREDS = { id: "deployments-test", secret: "deployments-test-secret-4b1e" };
const ANCHOR = Date.UTC(2026, 10, 22, 12);

let acme: RunningSimulator;
let globex: RunningSimulator;
let initech: RunningSimulator;
let registry: DeploymentRegistry;

const analyst = testAnalyst;
const alice = analyst("local:alice");
const sso = ssoAnalyst("sasha@example.com", ["soc"]);

function config(key: string, sim: RunningSimulator, more: Partial<DeploymentConfig> = {}) {
  return simulatedDeployment(key, sim, CREDS, more);
}

/** The deployments' clients on one store, uncached, waiting at most 1.5 s for the budget. */
function registryOf(configs: DeploymentConfig[]): DeploymentRegistry {
  const store = new MemoryStore();
  return new DeploymentRegistry(configs, (deployment) =>
    createUsmClient({
      ...deployment,
      deployment: deployment.key,
      cacheTtlMs: 0,
      maxQueueWaitMs: 1_500,
      store,
    }),
  );
}

beforeAll(async () => {
  const common = { port: 0, clients: [CREDS], anchor: ANCHOR, admin: true };
  [acme, globex, initech] = await Promise.all([
    startSimulator({ ...common, alarms: 230, seed: 11 }),
    startSimulator({ ...common, alarms: 95, seed: 12 }),
    startSimulator({ ...common, alarms: 50, seed: 13 }),
  ]);
  registry = registryOf([
    config("acme", acme),
    config("globex", globex, { kind: "central" }),
    config("initech", initech, { clientSecret: "not-the-secret", groups: ["soc"] }),
  ]);
});
afterAll(async () => {
  await Promise.all([acme, globex, initech].map((sim) => sim.close()));
});
beforeEach(() => {
  for (const sim of [acme, globex, initech]) sim.reset();
});

/** Every alarm uuid of a deployment, read page by page through its own client. */
async function everyUuid(key: string): Promise<Set<string>> {
  const deployment = registry.get(key, sso);
  const uuids = new Set<string>();
  for (let page = 0; ; page++) {
    const query = { ...parseAlarmListQuery({ size: "100" }).query, page };
    const result = await fetchAlarmPage(query, { analyst: "reader", client: deployment.client() });
    for (const alarm of result.alarms) {
      expect(alarm.deployment).toBe(key); // tagged with where it came from
      uuids.add(alarm.uuid);
    }
    if (page + 1 >= result.page.totalPages) return uuids;
  }
}

async function merged(who: Analyst, search: string) {
  const request = parseAllRequest(new URLSearchParams(search), registry.visibleTo(who));
  return readAllByTime(request, who.id, () => ANCHOR);
}

describe("several deployments", () => {
  it("tags every alarm with its deployment, and the list of every deployment keeps the tags", async () => {
    const [acmeIds, globexIds] = await Promise.all([everyUuid("acme"), everyUuid("globex")]);
    expect(acmeIds.size).toBe(230);
    expect(globexIds.size).toBe(95);
    const page = await merged(alice, "size=100");
    expect(page.deployments).toEqual(["acme", "globex"]); // Initech is not Alice's
    for (const alarm of page.alarms) {
      expect((alarm.deployment === "acme" ? acmeIds : globexIds).has(alarm.uuid)).toBe(true);
    }
    expect(new Set(page.alarms.map((alarm) => alarm.deployment))).toEqual(
      new Set(["acme", "globex"]),
    );
  });

  it("pages the list of every deployment to the end and back, every alarm exactly once, newest first", async () => {
    const seen: string[] = [];
    const pages: string[][] = [];
    let search = "size=20";
    for (;;) {
      const page = await merged(alice, search);
      expect(page.failures).toEqual([]);
      const times = page.alarms.map((alarm) => alarm.occurredAt!);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      if (seen.length > 0) expect(times[0]!).toBeLessThanOrEqual(lastTime(seen.length));
      pages.push(page.alarms.map((alarm) => `${alarm.deployment}/${alarm.uuid}`));
      seen.push(...pages.at(-1)!);
      times.forEach((time) => occurred.push(time));
      if (!page.older) break;
      search = `size=20&cursor=${page.older}`;
      expect(pages.length).toBeLessThan(50);
    }
    expect(seen.length).toBe(230 + 95);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages.slice(0, -1).every((page) => page.length === 20)).toBe(true);

    // Back up with Newer from the last page: the same pages, in reverse, to the top.
    let back = await merged(alice, `size=20&cursor=${(await lastNewer(pages.length))!}`);
    for (let index = pages.length - 2; index >= 0; index--) {
      expect(back.alarms.map((alarm) => `${alarm.deployment}/${alarm.uuid}`)).toEqual(pages[index]);
      if (index === 0) break;
      back = await merged(alice, `size=20&cursor=${back.newer!}`);
    }
    expect(back.newer).toBeNull();
  });

  it("shows a failing deployment as a failure, the others' alarms still there", async () => {
    const page = await merged(sso, "size=50");
    expect(page.deployments).toEqual(["acme", "globex", "initech"]);
    expect(page.failures).toEqual([
      { deployment: "initech", code: "upstream_auth_failed", message: expect.any(String) },
    ]);
    expect(page.alarms).toHaveLength(50);
    expect(page.alarms.some((alarm) => alarm.deployment === "initech")).toBe(false);
    expect(await registry.get("initech", sso).client().lastError()).toMatchObject({
      code: "upstream_auth_failed",
    });
    expect(await registry.get("acme", sso).client().lastError()).toBeNull();
  });

  it("keeps budgets apart: Globex out of budget and slow, Acme answers all the same", async () => {
    globex.setFaults({ latencyMs: 400 });
    // A Globex whose agreement allows 4 calls a second, beside the usual Acme, on one store.
    const tight = registryOf([config("acme", acme), config("globex", globex, { getPerSecond: 4 })]);
    const client = tight.get("globex", alice).client();
    const base = parseAlarmListQuery({ size: "10" }).query;
    let globexDone = 0;
    // Far more than Globex's 4 calls a second allow within the 1.5 s a call may wait.
    const flood = Array.from({ length: 30 }, (_, page) =>
      fetchAlarmPage({ ...base, page }, { analyst: `flood-${page}`, client }).then(
        () => ++globexDone,
        (error: unknown) => error,
      ),
    );
    // Acme's reads go while Globex's are still waiting or in flight.
    const acmeClient = tight.get("acme", alice).client();
    const acmePage = await fetchAlarmPage(base, { analyst: "alice", client: acmeClient });
    expect(acmePage.alarms).toHaveLength(10);
    expect(acmePage.alarms.every((alarm) => alarm.deployment === "acme")).toBe(true);
    expect(globexDone).toBeLessThan(30);
    const outcomes = await Promise.all(flood);
    const refused = outcomes.filter(
      (outcome) => outcome instanceof ApiError && outcome.code === "upstream_rate_limited",
    );
    expect(refused.length).toBeGreaterThan(0); // Globex's own budget said no...
    expect(acmeClient.status().budget.get.waiting).toBe(0); // ...and Acme's never queued for it
  });

  it("answers 400 for a deployment the analyst may not see in the filter, or a broken cursor", () => {
    const visible = registry.visibleTo(alice);
    expect(() => parseAllRequest(new URLSearchParams("deployments=initech"), visible)).toThrow(
      /no deployment initech/,
    );
    expect(() => parseAllRequest(new URLSearchParams("cursor=garbage!"), visible)).toThrow(
      /cursor/,
    );
    const narrowed = parseAllRequest(new URLSearchParams("deployments=globex"), visible);
    expect(narrowed.deployments.map((deployment) => deployment.key)).toEqual(["globex"]);
  });

  it("reads the URL as the page does: the first wrong parameter named, every problem said", () => {
    const visible = registry.visibleTo(alice);
    const refusal = (search: string) => {
      try {
        parseAllRequest(new URLSearchParams(search), visible);
      } catch (error) {
        return error instanceof ApiError ? error.toBody().error : error;
      }
      throw new Error(`${search} was accepted`);
    };
    expect(refusal("status=maybe&size=7&deployments=initech")).toEqual({
      code: "invalid_request",
      param: "size",
      message:
        "size must be one of 10, 20, 50, 100; status must be one of open, in_review, closed, none; " +
        "deployments: there is no deployment initech you may see",
    });
    expect(refusal("cursor=a&cursor=b")).toMatchObject({
      param: "cursor",
      message: "cursor may be given only once",
    });

    // A page and an order, as a list link carries them (the index answers those); the
    // deployments come in the configured order, names in any case, as the page reads them.
    const request = parseAllRequest(
      new URLSearchParams("page=3&sort=priority,asc&deployments=GLOBEX,acme&size=50"),
      visible,
    );
    expect(request.deployments.map((deployment) => deployment.key)).toEqual(["acme", "globex"]);
    expect(request.query).toMatchObject({
      page: 3,
      size: 50,
      sort: { field: "priority", direction: "asc" },
      filters: {},
    });
    expect(request.cursor).toBeNull();
  });
});

// Helpers for the round trip above: the occurred times seen, and the last page's Newer cursor.
const occurred: number[] = [];
function lastTime(count: number): number {
  return occurred[count - 1]!;
}
async function lastNewer(pageCount: number): Promise<string | null> {
  let search = "size=20";
  let page = await merged(alice, search);
  for (let index = 1; index < pageCount; index++) {
    search = `size=20&cursor=${page.older!}`;
    page = await merged(alice, search);
  }
  return page.newer;
}
