import { afterAll, beforeAll, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { testClient } from "@/test/usm-client";
import { labelRefusalOf, readAlarmLabels, writeAlarmLabel } from "./labels";

// An alarm's labels through the vendor client, against the real simulator over HTTP: read, put
// on, taken off, in the POST budget (never the GET budget analysts read with), and the refusals
// that no retry changes told apart from the failures worth one.

const WRITER = { id: "labels-writer", secret: "labels-writer-secret-2b8d" };
const READER = { id: "labels-reader", secret: "labels-reader-secret-9e4c", writeAccess: false };

let sim: RunningSimulator;
let label: string;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 20, clients: [WRITER, READER] });
  label = sim.addLabel("Written By The Console").id;
});
afterAll(() => sim.close());

const alarm = () => sim.addAlarm({ alarm_labels: [] }).uuid;

it("puts a label on an alarm and takes it off, in the POST budget", async () => {
  const client = testClient(sim, WRITER);
  const uuid = alarm();
  await writeAlarmLabel(client, uuid, label, true);
  await writeAlarmLabel(client, uuid, label, true); // idempotent
  expect(sim.labelsOf(uuid)).toEqual([label]);
  const budget = client.status().budget;
  expect(budget.get.recentPerSecond).toBe(0);
  expect(budget.post.recentPerSecond).toBeGreaterThan(0); // the token and the two PUTs
  expect(await readAlarmLabels(uuid, { client, analyst: "alice" })).toEqual([label]);
  await writeAlarmLabel(client, uuid, label.toUpperCase(), false);
  expect(sim.labelsOf(uuid)).toEqual([]);
});

it("tells a refusal for good (403, 404) from a failure worth a retry", async () => {
  const uuid = alarm();
  const failure = (work: Promise<void>) =>
    work.then(
      () => null,
      (error: unknown) => error,
    );
  const forbidden = await failure(writeAlarmLabel(testClient(sim, READER), uuid, label, true));
  expect(labelRefusalOf(forbidden)).toEqual({ refusal: "forbidden", status: 403 });
  const writer = testClient(sim, WRITER);
  const unknown = "1d7e0c52-4b1a-4c55-9b0e-5a3f2c1e0b99";
  const missing = await failure(writeAlarmLabel(writer, uuid, unknown, true));
  expect(labelRefusalOf(missing)).toEqual({ refusal: "unknown", status: 404 });
  sim.setFaults({ routes: ["labels"], failRate: 1, failStatus: 502 });
  try {
    const failed = await failure(writeAlarmLabel(writer, uuid, label, true));
    expect(failed).toMatchObject({ code: "upstream_unavailable" });
    expect(labelRefusalOf(failed)).toBeUndefined();
  } finally {
    sim.setFaults({ failRate: 0 });
  }
  expect(sim.labelsOf(uuid)).toEqual([]);
});
