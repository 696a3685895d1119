import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { type AlarmCatalogue, type AlarmSummary } from "@/lib/shared/alarms/types";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import { RULES } from "@/simulator/taxonomy";
import { redisFixture } from "@/test/redis-fixture";
import { CATALOGUE_CREDS, catalogueSimulator, catalogueSize } from "@/test/catalogue-simulator";
import { fetchAlarm, fetchAlarmPage } from "./alarms";
import { readCatalogue } from "./catalogue-read";
import type { UsmClient, UsmClientConfig } from "./client";
import { asTester, testClient } from "@/test/usm-client";

// The deployment's catalogue on the memory store and on a real redis-server, against the real
// simulator over HTTP (test/catalogue-simulator.ts says what its data holds).

const redis = redisFixture();
const world = catalogueSimulator();
const CREDS = CATALOGUE_CREDS;

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
    testClient(world.sim, CREDS, {
      store,
      cacheTtlMs: 0, // every read goes upstream and is parsed (and noted)
      ...overrides,
      catalogue: { now: clock, ...overrides.catalogue },
    });

  it("holds the values of the pages and alarms read, most often seen first", async () => {
    const client = replica();
    expect(catalogueSize((await client.catalogue.read()).value())).toBe(0);

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
    const deep = world.newest1000.find((alarm) => !known.has(alarm.rule_method))!;
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
    expect(world.sim.stats().byRoute.alarms).toBe(4); // read, parsed and noted four times

    const before = catalogueSize((await client.catalogue.read()).value());
    await fetchAlarmPage(page(10), asTester(client));
    await client.catalogue.settled();
    expect(catalogueSize((await client.catalogue.read()).value())).toBeGreaterThan(before);
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
    expect(catalogueSize((await replicaB.catalogue.read()).value())).toBe(0);
    expect(b.calls.get).toBe(1);

    const pageA = await fetchAlarmPage(page(0, 50), asTester(replicaA));
    await replicaA.catalogue.settled();
    now += 4_999;
    expect(catalogueSize((await replicaB.catalogue.read()).value())).toBe(0); // its copy is still fresh
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
    const newest300 = world.newest1000.slice(0, 300);
    expect(newest300.some((alarm) => alarm.rule_method === "Ransomware")).toBe(false);
    expect(catalogue.methods).toContain("Ransomware");
    // Every method of the taxonomy: 11 reads of 100 alarms found all 27.
    expect(new Set(catalogue.methods)).toEqual(new Set(RULES.map((rule) => rule.method)));
    const reads = world.sim.stats().byRoute.alarms;
    expect(reads).toBe(11);

    // Seeded for the deployment: neither this replica nor another reads a sample again.
    now += 60_000;
    await readCatalogue(asTester(a));
    const b = replica();
    expect(asSets((await readCatalogue(asTester(b))).value())).toEqual(asSets(catalogue));
    expect(world.sim.stats().byRoute.alarms).toBe(reads);
  });

  it("seeds once when replicas ask at the same time", async () => {
    const replicas = [replica(), replica(), replica()];
    const answers = await Promise.all(
      replicas.map(async (client) => (await readCatalogue(asTester(client))).value()),
    );
    expect(world.sim.stats().byRoute.alarms).toBe(11);
    expect(answers[0]!.strategies.length).toBe(18);
    for (const answer of answers) expect(asSets(answer)).toEqual(asSets(answers[0]!));
  });
});
