import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { type AlarmCatalogue, type AlarmSummary } from "@/lib/shared/alarms/types";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ANCHOR, getPage, getToken, type Alarm } from "@/simulator/test-support";
import { RULES } from "@/simulator/taxonomy";
import { redisFixture } from "@/test/redis-fixture";
import { fetchAlarm, fetchAlarmPage } from "./alarms";
import { readCatalogue } from "./catalogue-read";
import type { UsmClient, UsmClientConfig } from "./client";
import { asTester, testClient } from "@/test/usm-client";

// The deployment's catalogue on the memory store and on a real redis-server, against the real
// simulator over HTTP. Seed 2 with this anchor puts "Ransomware" in none of the newest 300
// alarms (it is in the data: the taxonomy's rarest rule): only a sample that reaches deeper finds it.

const CREDS = { id: "catalogue-client", secret: "catalogue-secret-41c7" };
const redis = redisFixture();
let sim: RunningSimulator;
/** The newest 1,000 alarms, read once over HTTP before any test. */
let newest1000: Alarm[];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 5000, seed: 2, anchor: ANCHOR, clients: [CREDS] });
  const token = await getToken(sim, CREDS);
  newest1000 = (await getPage(sim, token, "?size=1000")).body._embedded?.alarms ?? [];
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

/** The values of alarms as sets, the way the catalogue files them. */
function valuesOf(alarms: readonly AlarmSummary[]) {
  const sets = {
    intents: new Set<string>(),
    strategies: new Set<string>(),
    methods: new Set<string>(),
    sensors: new Set<string>(),
  };
  for (const alarm of alarms) {
    if (alarm.rule.intent) sets.intents.add(alarm.rule.intent);
    if (alarm.rule.strategy) sets.strategies.add(alarm.rule.strategy);
    if (alarm.rule.method) sets.methods.add(alarm.rule.method);
    if (alarm.sensorUuid) sets.sensors.add(alarm.sensorUuid);
    for (const sensor of alarm.sensorSources) sets.sensors.add(sensor);
  }
  return sets;
}

const asSets = (catalogue: AlarmCatalogue) => ({
  intents: new Set(catalogue.intents),
  strategies: new Set(catalogue.strategies),
  methods: new Set(catalogue.methods),
  sensors: new Set(catalogue.sensors),
});

const total = (catalogue: AlarmCatalogue) =>
  catalogue.intents.length +
  catalogue.strategies.length +
  catalogue.methods.length +
  catalogue.sensors.length;

const page = (n: number, size: AlarmListQuery["size"] = 100): AlarmListQuery => ({
  ...DEFAULT_QUERY,
  page: n,
  size,
});

/** A store that counts the reads and writes of catalogue documents. */
function counted(store: SharedStore) {
  const calls = { get: 0, set: 0 };
  const proxy = new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const catalogueKey = String(args[0]).includes(":catalogue:");
        if (catalogueKey && (property === "get" || property === "getMany")) calls.get++;
        if (catalogueKey && property === "set") calls.set++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

type Kind = "memory" | "redis";

describe.each<Kind>(["memory", "redis"])("the catalogue on the %s store", (kind) => {
  let now: number;
  const clock = () => now;
  /** One store per test, as the replicas of one console share one. */
  let shared: () => SharedStore;

  beforeEach((context) => {
    if (kind === "redis" && !redis.server) context.skip();
    now = 1_000_000;
    if (kind === "memory") {
      const store = new MemoryStore();
      shared = () => store;
    } else {
      const prefix = `${randomUUID()}:`;
      shared = () => redis.store({ prefix }); // a connection of its own, as a replica has
    }
  });

  /** A replica: its own client (and connection), the test's store, the test's clock. */
  const replica = (overrides: Partial<UsmClientConfig> = {}, store = shared()): UsmClient =>
    testClient(sim, CREDS, {
      store,
      cacheTtlMs: 0, // every read goes upstream and is parsed (and noted)
      ...overrides,
      catalogue: { now: clock, ...overrides.catalogue },
    });

  it("holds the values of the pages and alarms read, most often seen first", async () => {
    const client = replica();
    expect(total((await client.catalogue.read()).value())).toBe(0);

    const first = await fetchAlarmPage(page(0, 50), asTester(client));
    const catalogue = (await client.catalogue.read()).value();
    expect(asSets(catalogue)).toEqual(valuesOf(first.alarms));
    // Ranked by how many of the alarms read carry each strategy, ties by name.
    const counts = new Map<string, number>();
    for (const alarm of first.alarms) {
      const strategy = alarm.rule.strategy!;
      counts.set(strategy, (counts.get(strategy) ?? 0) + 1);
    }
    const ranked = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    expect(catalogue.strategies).toEqual(ranked.map(([strategy]) => strategy));

    // One alarm opened from deep in the data brings its method along.
    const known = valuesOf(first.alarms).methods;
    const deep = newest1000.find((alarm) => !known.has(alarm.rule_method))!;
    await fetchAlarm(deep.uuid, asTester(client));
    expect((await client.catalogue.read()).value().methods).toContain(deep.rule_method);
  });

  it("writes the store only when a read brings a value it does not hold yet", async () => {
    const { store, calls } = counted(shared());
    const client = replica({}, store);
    await fetchAlarmPage(page(0, 20), asTester(client));
    await client.catalogue.settled();
    expect(calls.set).toBe(1);

    for (let n = 0; n < 3; n++) await fetchAlarmPage(page(0, 20), asTester(client));
    await client.catalogue.settled();
    expect(calls.set).toBe(1);
    expect(sim.stats().byRoute.alarms).toBe(4); // read, parsed and noted four times

    const before = total((await client.catalogue.read()).value());
    await fetchAlarmPage(page(10), asTester(client));
    await client.catalogue.settled();
    expect(total((await client.catalogue.read()).value())).toBeGreaterThan(before);
    expect(calls.set).toBe(2);

    // Counts alone are written too, but at most once a minute.
    now += 59_000;
    await fetchAlarmPage(page(0, 20), asTester(client));
    await client.catalogue.settled();
    expect(calls.set).toBe(2);
    now += 1_000;
    await fetchAlarmPage(page(0, 20), asTester(client));
    await client.catalogue.settled();
    expect(calls.set).toBe(3);
  });

  it("is shared by the replicas, each reading the store at most every few seconds", async () => {
    const a = counted(shared());
    const b = counted(shared());
    const replicaA = replica({}, a.store);
    const replicaB = replica({}, b.store);
    expect(total((await replicaB.catalogue.read()).value())).toBe(0);
    expect(b.calls.get).toBe(1);

    const pageA = await fetchAlarmPage(page(0, 50), asTester(replicaA));
    await replicaA.catalogue.settled();
    now += 4_999;
    expect(total((await replicaB.catalogue.read()).value())).toBe(0); // its copy is still fresh
    expect(b.calls.get).toBe(1);
    now += 1;
    expect(asSets((await replicaB.catalogue.read()).value())).toEqual(valuesOf(pageA.alarms));
    expect(b.calls.get).toBe(2);

    const pageB = await fetchAlarmPage(page(30), asTester(replicaB));
    await replicaB.catalogue.settled();
    now += 5_000;
    const both = valuesOf([...pageA.alarms, ...pageB.alarms]);
    expect(asSets((await replicaA.catalogue.read()).value())).toEqual(both);
    expect(asSets((await replicaB.catalogue.read()).value())).toEqual(both);
  });

  it("keeps at most maxValues values per field, the first seen, and writes nothing for more", async () => {
    const { store, calls } = counted(shared());
    const client = replica({ catalogue: { maxValues: 3 } }, store);
    const first = await fetchAlarmPage(page(0), asTester(client));
    await client.catalogue.settled();
    const full = (await client.catalogue.read()).value();
    expect(full.strategies).toHaveLength(3);
    expect(full.methods).toHaveLength(3);
    expect(full.intents).toHaveLength(3);
    for (const strategy of full.strategies) {
      expect(valuesOf(first.alarms).strategies).toContain(strategy);
    }
    expect(calls.set).toBe(1);

    await fetchAlarmPage(page(20), asTester(client)); // other values: none gets in
    await client.catalogue.settled();
    expect(asSets((await client.catalogue.read()).value())).toEqual(asSets(full));
    expect(calls.set).toBe(1);
  });

  it("keeps only values the list's filters take exactly: trimmed, at most 200 characters, sensors uuids", async () => {
    const client = replica();
    const { alarms } = await fetchAlarmPage(page(0, 10), asTester(client));
    const alarm = alarms[0];
    const longest = `L${"o".repeat(198)}g`;
    const odd = (strategy: string, sensor: string): AlarmSummary => ({
      ...alarm!,
      rule: { ...alarm!.rule, strategy, method: null, intent: null },
      sensorUuid: sensor,
      sensorSources: [],
    });
    client.catalogue.note([
      odd(`${longest}!`, "not-a-uuid"),
      odd(" Padded", "../../oauth/token"),
      odd("Tab\tinside", ""),
      odd("", "6F1C0C6E-8A9B-4C3D-9E2F-1A2B3C4D5E6F"),
      odd(longest, "6f1c0c6e-8a9b-4c3d-9e2f-1a2b3c4d5e6f"),
    ]);
    await client.catalogue.settled();
    const catalogue = (await client.catalogue.read()).value();
    expect(alarmCatalogueSchema.parse(catalogue)).toEqual(catalogue);
    expect(catalogue.strategies).toContain(longest);
    const read = valuesOf(alarms).strategies;
    expect(catalogue.strategies.filter((strategy) => !read.has(strategy))).toEqual([longest]);
    expect(catalogue.sensors).toEqual(
      expect.arrayContaining([
        "6F1C0C6E-8A9B-4C3D-9E2F-1A2B3C4D5E6F",
        "6f1c0c6e-8a9b-4c3d-9e2f-1a2b3c4d5e6f",
      ]),
    );
    expect(catalogue.sensors).not.toContain("not-a-uuid");
  });

  it("seeds an empty catalogue once, from a sample that reaches values deep in the data", async () => {
    const a = replica();
    const catalogue = (await readCatalogue(asTester(a))).value();
    expect(catalogue.strategies).toEqual(
      expect.arrayContaining([
        "Brute Force Authentication",
        "Web Shell",
        "Credential Dumping",
        "Data Exfiltration",
      ]),
    );
    expect(catalogue.intents).toContain("Environmental Awareness");
    // Not among the newest 300 alarms, nor at either end of a rule order.
    const newest300 = newest1000.slice(0, 300);
    expect(newest300.some((alarm) => alarm.rule_method === "Ransomware")).toBe(false);
    expect(catalogue.methods).toContain("Ransomware");
    // Every method of the taxonomy: 11 reads of 100 alarms found all 27.
    expect(new Set(catalogue.methods)).toEqual(new Set(RULES.map((rule) => rule.method)));
    const reads = sim.stats().byRoute.alarms;
    expect(reads).toBe(11);

    // Seeded for the deployment: neither this replica nor another reads a sample again.
    now += 60_000;
    await readCatalogue(asTester(a));
    const b = replica();
    expect(asSets((await readCatalogue(asTester(b))).value())).toEqual(asSets(catalogue));
    expect(sim.stats().byRoute.alarms).toBe(reads);
  });

  it("seeds once when replicas ask at the same time", async () => {
    const replicas = [replica(), replica(), replica()];
    const answers = await Promise.all(
      replicas.map(async (client) => (await readCatalogue(asTester(client))).value()),
    );
    expect(sim.stats().byRoute.alarms).toBe(11);
    expect(answers[0]!.strategies.length).toBe(18);
    for (const answer of answers) expect(asSets(answer)).toEqual(asSets(answers[0]!));
  });
});

describe("the first sample", () => {
  it("answers with what is known when the upstream fails, and tries again later, not at once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let now = 0;
    const client = testClient(sim, CREDS, { cacheTtlMs: 0, catalogue: { now: () => now } });
    sim.setFaults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
    expect(total((await readCatalogue(asTester(client))).value())).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      "[usm] catalogue seed failed (upstream_unavailable); answering with the values known",
    );
    const failed = sim.stats().byRoute.alarms;
    expect(failed).toBe(8); // the first wave

    sim.setFaults({ failRate: 0 });
    now += 29_999;
    await readCatalogue(asTester(client));
    expect(sim.stats().byRoute.alarms).toBe(failed);
    now += 1;
    expect((await readCatalogue(asTester(client))).value().strategies).toContain("Web Shell");
    expect(sim.stats().byRoute.alarms).toBe(failed + 11);
    warn.mockRestore();
  });
});

/**
 * The simulator behind a proxy that treats sorts by rule fields as the real service may: it
 * refuses them (400) or ignores them (the newest alarms come back). Counts what it did.
 */
async function undocumentedSorts(mode: "refuse" | "ignore") {
  let handled = 0;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", sim.url);
    if (/^rule_/.test(url.searchParams.get("sort") ?? "")) {
      handled++;
      if (mode === "refuse") {
        res.writeHead(400, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ result: "error", location: url.pathname, error: "Bad sort" }));
        return;
      }
      url.searchParams.delete("sort");
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const name of ["authorization", "content-type", "accept"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const answer = await fetch(url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { "Content-Type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handled: () => handled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each([
  // 4 newest and oldest + 3 spread + 4 newest in place of the refused sorts
  ["refuses", "refuse", 11],
  // 8 (the rule sorts come back in time order) + 3 spread + 4 newest in their place
  ["ignores", "ignore", 15],
] as const)("an upstream that %s sorts by rule fields", (_, mode, reads) => {
  it("gives a sample of the newest pages instead", async () => {
    const proxy = await undocumentedSorts(mode);
    try {
      const client = testClient(proxy, CREDS, { cacheTtlMs: 0 });
      const catalogue = (await readCatalogue(asTester(client))).value();
      expect(proxy.handled()).toBe(4);
      expect(sim.stats().byRoute.alarms).toBe(reads);
      // The seven newest pages, at least.
      const newest700 = new Set(newest1000.slice(0, 700).map((alarm) => alarm.rule_method));
      for (const method of newest700) expect(catalogue.methods).toContain(method);
      expect(catalogue.strategies).toContain("Brute Force Authentication");
    } finally {
      await proxy.close();
    }
  });
});
