// The label catalogue: GET /_sim/labels lists it, POST /_sim/labels adds to it (an existing name,
// any case, answers its entry); RunningSimulator.labels / addLabel / labelsOf do the same
// in-process. Ids are stable: a function of the seed and the name.
import { describe, expect, it } from "vitest";
import {
  ErrorBody,
  MemberAlarm,
  get,
  getLabels,
  getToken,
  postAdmin,
  startWithToken,
  withSimulator,
  writeLabel,
} from "./test-support";
import type { SimLabel } from "./types";

const SEEDED = ["Investigating", "False Positive", "Escalated", "Known Scanner", "Pen Test"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { sim } = await startWithToken({ alarms: 50, admin: true });
/** A token of the state the test started from (a reset revokes every token). */
let token = "";

/** Each test starts from a fresh state: the seeded catalogue, no label written. */
async function fresh(): Promise<void> {
  sim.reset();
  token = await getToken(sim);
}

async function catalogue(of = sim): Promise<SimLabel[]> {
  const res = await fetch(`${of.url}/_sim/labels`);
  expect(res.status).toBe(200);
  return (await res.json()) as SimLabel[];
}

async function labelIds(uuid: string): Promise<string[]> {
  return ((await (await getLabels(sim, token, uuid)).json()) as { alarm_labels: string[] })
    .alarm_labels;
}

describe("GET /_sim/labels", () => {
  it("lists the seeded labels, each with a uuid, the same for the same seed (admin only)", async () => {
    await fresh();
    const seeded = await catalogue();
    expect(seeded.map((label) => label.name)).toEqual(SEEDED);
    for (const { id } of seeded) expect(id).toMatch(UUID);
    expect(new Set(seeded.map((label) => label.id)).size).toBe(5);
    await withSimulator({ alarms: 5, admin: true }, async (twin) => {
      expect(await catalogue(twin)).toEqual(seeded);
    });
    await withSimulator({ alarms: 5, admin: true, seed: 7 }, async (other) => {
      const ids = (await catalogue(other)).map((label) => label.id);
      expect(ids.filter((id) => seeded.some((label) => label.id === id))).toEqual([]);
    });
    await withSimulator({ alarms: 5 }, async (plain) => {
      expect((await fetch(`${plain.url}/_sim/labels`)).status).toBe(404); // admin only
      expect((await postAdmin(plain, "/_sim/labels", { name: "Tier 2" })).status).toBe(404);
    });
  });
});

describe("POST /_sim/labels", () => {
  it("adds a label (201) that can then be put on an alarm, which shows its name", async () => {
    await fresh();
    const res = await postAdmin(sim, "/_sim/labels", { name: "Needs Owner" });
    expect(res.status).toBe(201);
    const added = (await res.json()) as SimLabel;
    expect(added).toEqual({ id: expect.stringMatching(UUID), name: "Needs Owner" });
    expect((await catalogue()).at(-1)).toEqual(added);

    const { uuid } = sim.addAlarm({ alarm_labels: [] });
    expect((await writeLabel(sim, token, "PUT", uuid, added.id)).status).toBe(200);
    const alarm = (await (
      await get(`${sim.url}/api/2.0/alarms/${uuid}`, token)
    ).json()) as MemberAlarm;
    expect(alarm.alarm_labels).toEqual(["Needs Owner"]);
  });

  it("answers an existing name, in any case, with its entry (200), adding no duplicate", async () => {
    await fresh();
    const first = (await (
      await postAdmin(sim, "/_sim/labels", { name: "Tier 2" })
    ).json()) as SimLabel;
    const again = await postAdmin(sim, "/_sim/labels", { name: "TIER 2" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const seeded = await postAdmin(sim, "/_sim/labels", { name: "false positive" });
    expect(seeded.status).toBe(200);
    expect(((await seeded.json()) as SimLabel).name).toBe("False Positive");
    expect((await catalogue()).map((label) => label.name)).toEqual([...SEEDED, "Tier 2"]);
  });

  it.each([
    ["a missing name", {}, "name"],
    ["an empty name", { name: "" }, "name"],
    ["a name with surrounding spaces", { name: " Tier 3" }, "name"],
    ["a name over 100 characters", { name: "x".repeat(101) }, "name"],
    ["a name that is not a string", { name: 3 }, "name"],
    ["an unknown field", { name: "Tier 3", colour: "red" }, "colour"],
    ["an array", [{ name: "Tier 3" }], "body"],
  ])("rejects %s with a 400 naming it", async (_case, body, field) => {
    const res = await postAdmin(sim, "/_sim/labels", body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as ErrorBody;
    expect(error).toMatchObject({ result: "error", location: "/_sim/labels" });
    expect(error.error).toContain(`'${field}'`);
    expect((await catalogue()).some((label) => label.name === "Tier 3")).toBe(false);
  });

  it("rejects a body that is not JSON, and other methods (405)", async () => {
    expect((await postAdmin(sim, "/_sim/labels", "{nope")).status).toBe(400);
    const res = await fetch(`${sim.url}/_sim/labels`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
  });
});

describe("labels of staged alarms", () => {
  it("gives a name the catalogue lacks an entry whose id is a function of seed and name", async () => {
    await fresh();
    const { uuid } = sim.addAlarm({ alarm_labels: ["Escalated", "Shift B handover"] });
    const entry = (await catalogue()).find((label) => label.name === "Shift B handover")!;
    const escalated = (await catalogue()).find((label) => label.name === "Escalated")!;
    expect(await labelIds(uuid)).toEqual([escalated.id, entry.id]);
    await withSimulator({ alarms: 5, admin: true }, async (twin) => {
      expect(twin.addLabel("shift b handover").id).toBe(entry.id);
    });
    // A name met in another case on an alarm is the same label.
    const other = sim.addAlarm({ alarm_labels: ["escalated"] });
    expect(await labelIds(other.uuid)).toEqual([escalated.id]);
    expect((await writeLabel(sim, token, "DELETE", other.uuid, escalated.id)).status).toBe(200);
    expect(await labelIds(other.uuid)).toEqual([]);
  });
});

describe("in-process", () => {
  it("lists, adds and reads labels as the admin and labels APIs do, TypeError on bad input", async () => {
    await fresh();
    const added = sim.addLabel("Handed to IT");
    expect(sim.addLabel("handed to it")).toEqual(added);
    expect(sim.labels()).toEqual(await catalogue());
    const { uuid } = sim.addAlarm({ alarm_labels: ["Handed to IT"] });
    expect(sim.labelsOf(uuid)).toEqual([added.id]);
    expect(sim.labelsOf(uuid.toUpperCase())).toEqual(await labelIds(uuid));
    expect(() => sim.addLabel("")).toThrow(TypeError);
    expect(() => sim.labelsOf("00000000-0000-4000-8000-000000000000")).toThrow(TypeError);
  });

  it("resets to the seeded catalogue and every alarm's own labels", async () => {
    await fresh();
    const generated = (await (await get(`${sim.url}/api/2.0/alarms?size=1`, token)).json()) as {
      _embedded: { alarms: Array<{ uuid: string }> };
    };
    const { uuid } = generated._embedded.alarms[0]!;
    const before = sim.labelsOf(uuid);
    const added = sim.addLabel("Temporary");
    expect((await writeLabel(sim, token, "PUT", uuid, added.id)).status).toBe(200);
    expect(sim.labelsOf(uuid)).toEqual([...before, added.id]);
    expect((await postAdmin(sim, "/_sim/reset", {})).status).toBe(200);
    token = await getToken(sim);
    expect(sim.labelsOf(uuid)).toEqual(before);
    expect(sim.labels().map((label) => label.name)).toEqual(SEEDED);
    expect((await writeLabel(sim, token, "PUT", uuid, added.id)).status).toBe(404);
  });
});
