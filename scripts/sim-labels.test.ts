import { afterAll, beforeAll, expect, it } from "vitest";
import { VERDICTS } from "@/lib/shared/triage/types";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { VERDICT_LABEL_NAMES, verdictLabels } from "./sim-labels.mjs";

// `npm start` maps every verdict to a label of each embedded simulator's catalogue, so that a
// close writes its label back out of the box.

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 5, admin: true });
});
afterAll(() => sim.close());

it("maps every verdict to a label of the simulator's catalogue, the same ids each start", async () => {
  const labels = await verdictLabels(sim.url);
  expect(Object.keys(labels).sort()).toEqual([...VERDICTS].sort());
  const catalogue = new Map(sim.labels().map((label) => [label.id, label.name]));
  for (const verdict of VERDICTS) {
    expect(catalogue.get(labels[verdict])).toBe(VERDICT_LABEL_NAMES[verdict]);
  }
  expect(await verdictLabels(sim.url)).toEqual(labels);
});
