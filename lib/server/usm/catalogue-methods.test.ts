import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { testClient } from "@/test/usm-client";
import { readAlarmPage } from "./alarms";
import { PAIR_JOIN, emptyFields, parseDoc, serialise } from "./catalogue-doc";

// Which methods each strategy was seen with: what lets a method's suggestions narrow to those
// of the strategy an analyst chose. Against the real simulator over HTTP.

const CREDS = { id: "methods-client", secret: "methods-secret-7e21" };
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 2000, seed: 4, clients: [CREDS] });
});
afterAll(() => sim.close());

describe("a deployment's catalogue of methods by strategy", () => {
  it("holds exactly the methods each strategy was seen with in what was read", async () => {
    const client = testClient(sim, CREDS);
    const call = { analyst: "alice", client };
    const pages = await Promise.all(
      [0, 1, 2].map((page) => readAlarmPage({ ...DEFAULT_QUERY, page, size: 100 }, call)),
    );
    const seen = new Map<string, Set<string>>();
    for (const alarm of pages.flatMap((page) => page.value().alarms)) {
      const { strategy, method } = alarm.rule;
      if (strategy === null || method === null) continue;
      seen.set(strategy, (seen.get(strategy) ?? new Set()).add(method));
    }
    const catalogue = alarmCatalogueSchema.parse((await client.catalogue.read()).value());
    expect(seen.size).toBeGreaterThan(3);
    expect(
      new Map(catalogue.methodsByStrategy.map(([s, methods]) => [s, new Set(methods)])),
    ).toEqual(seen);
    // Strategies in name order, so a browser can find one without scanning.
    const names = catalogue.methodsByStrategy.map(([strategy]) => strategy.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("drops a stored pair that is not a strategy and a method a filter would take", () => {
    const fields = emptyFields();
    fields.pairs.set(`Brute Force${PAIR_JOIN}SSH`, 3);
    const stored = JSON.parse(serialise({ seeded: true, fields })) as { pairs: unknown[] };
    stored.pairs.push([`no method`, 1], [`A${PAIR_JOIN}B${PAIR_JOIN}C`, 1], [`${PAIR_JOIN}x`, 1]);
    const doc = parseDoc(JSON.stringify(stored), 2_000);
    expect([...doc.fields.pairs]).toEqual([[`Brute Force${PAIR_JOIN}SSH`, 3]]);
  });
});
