// For the catalogue's tests only: one simulator for the file, whose seed and anchor put the
// taxonomy's rarest rule ("Ransomware") in none of the newest 300 alarms (it is in the data: only
// a sample that reaches deeper finds it), its newest 1,000 alarms read once, and the counters
// reset before each test.
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { AlarmCatalogue } from "@/lib/shared/alarms/types";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ANCHOR, getPage, getToken, type Alarm } from "@/simulator/test-support";

export const CATALOGUE_CREDS = { id: "catalogue-client", secret: "catalogue-secret-41c7" };

export interface CatalogueWorld {
  sim: RunningSimulator;
  /** The newest 1,000 alarms, read over HTTP before any test. */
  newest1000: Alarm[];
}

export function catalogueSimulator(): CatalogueWorld {
  const world = {} as CatalogueWorld;
  beforeAll(async () => {
    world.sim = await startSimulator({
      port: 0,
      alarms: 5000,
      seed: 2,
      anchor: ANCHOR,
      clients: [CATALOGUE_CREDS],
    });
    const token = await getToken(world.sim, CATALOGUE_CREDS);
    world.newest1000 = (await getPage(world.sim, token, "?size=1000")).body._embedded?.alarms ?? [];
  });
  afterAll(() => world.sim.close());
  beforeEach(() => world.sim.reset());
  return world;
}

/** How many values a catalogue holds, over its four fields. */
export const catalogueSize = (catalogue: AlarmCatalogue) =>
  catalogue.intents.length +
  catalogue.strategies.length +
  catalogue.methods.length +
  catalogue.sensors.length;
