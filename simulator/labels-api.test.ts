// Conformance: an alarm's labels, the vendor's one write. GET /api/2.0/alarms/{id}/labels answers
// the ids of its labels; PUT / DELETE .../labels/{labelId} put one on and take it off; the alarm
// itself (member and list) carries the label names.
import { describe, expect, it } from "vitest";
import {
  CLIENT,
  ErrorBody,
  MemberAlarm,
  get,
  getLabels,
  getToken,
  readAll,
  startWithToken,
  writeLabel,
} from "./test-support";
import type { SimLabel } from "./types";

const READER = { id: "read-only", secret: "reader-secret", writeAccess: false };
const NO_API = { id: "no-api", secret: "no-api-secret", apiAccess: false };
const { sim, token } = await startWithToken({
  alarms: 300,
  admin: true,
  clients: [CLIENT, READER, NO_API],
});
const all = await readAll(sim, token, "?size=1000");
const catalogue = (await (await fetch(`${sim.url}/_sim/labels`)).json()) as SimLabel[];
const idOf = (name: string) => catalogue.find((label) => label.name === name)!.id;
const unlabelled = all.filter((alarm) => (alarm.alarm_labels as string[]).length === 0);
const labelled = all.find((alarm) => (alarm.alarm_labels as string[]).length > 0)!;
/** Well-formed, but no alarm's and no label's. */
const NOBODY = "00000000-0000-4000-8000-000000000000";

async function idsOn(uuid: string): Promise<string[]> {
  const res = await getLabels(sim, token, uuid);
  expect(res.status).toBe(200);
  return ((await res.json()) as { alarm_labels: string[] }).alarm_labels;
}

/** The alarm_labels the member route and the list both show (and must agree on). */
async function namesOn(uuid: string): Promise<string[]> {
  const member = (await (
    await get(`${sim.url}/api/2.0/alarms/${uuid}`, token)
  ).json()) as MemberAlarm;
  const listed = (await readAll(sim, token, "?size=1000")).find((alarm) => alarm.uuid === uuid)!;
  expect(listed.alarm_labels).toEqual(member.alarm_labels);
  return member.alarm_labels as string[];
}

async function expectError(res: Response, status: number, path: string): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body).toMatchObject({ result: "error", location: path });
  return body;
}

describe("GET /api/2.0/alarms/{id}/labels", () => {
  it("answers the ids of the alarm's labels, each the catalogue's id of a name it carries", async () => {
    const res = await getLabels(sim, token, labelled.uuid);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const names = labelled.alarm_labels as string[];
    expect(await res.json()).toEqual({ alarm_labels: names.map(idOf) });
    expect(await idsOn(unlabelled[0]!.uuid)).toEqual([]);
  });

  it("answers 404 in the vendor layout for an unknown alarm", async () => {
    for (const uuid of [NOBODY, "nope"]) {
      const path = `/api/2.0/alarms/${uuid}/labels`;
      const body = await expectError(await getLabels(sim, token, uuid), 404, path);
      expect(body.error).toBe("Alarm not found");
    }
  });
});

describe("PUT and DELETE /api/2.0/alarms/{id}/labels/{labelId}", () => {
  it("puts a label on and takes it off, the alarm showing its name in member and list", async () => {
    const { uuid } = unlabelled[1]!;
    const escalated = idOf("Escalated");
    const put = await writeLabel(sim, token, "PUT", uuid, escalated);
    expect(put.status).toBe(200);
    expect(await put.text()).toBe("");
    expect(await idsOn(uuid)).toEqual([escalated]);
    expect(await namesOn(uuid)).toEqual(["Escalated"]);

    const off = await writeLabel(sim, token, "DELETE", uuid, escalated.toUpperCase());
    expect(off.status).toBe(200);
    expect(await off.text()).toBe("");
    expect(await idsOn(uuid)).toEqual([]);
    expect(await namesOn(uuid)).toEqual([]);
  });

  it("is idempotent: a label already on stays once, one not on stays off, both 200", async () => {
    const { uuid } = unlabelled[2]!;
    const [first, second] = [idOf("Pen Test"), idOf("Known Scanner")];
    for (const id of [first, second, first]) {
      expect((await writeLabel(sim, token, "PUT", uuid, id)).status).toBe(200);
    }
    expect(await idsOn(uuid)).toEqual([first, second]);
    expect(await namesOn(uuid)).toEqual(["Pen Test", "Known Scanner"]);
    for (let i = 0; i < 2; i++) {
      expect((await writeLabel(sim, token, "DELETE", uuid, first)).status).toBe(200);
    }
    expect(await namesOn(uuid)).toEqual(["Known Scanner"]);
  });

  it("takes off a label the alarm was generated with, keeping the one put on beside it", async () => {
    const [drawn] = labelled.alarm_labels as string[];
    const other = idOf(drawn === "Investigating" ? "Escalated" : "Investigating");
    await writeLabel(sim, token, "PUT", labelled.uuid, other);
    expect(await idsOn(labelled.uuid)).toEqual([idOf(drawn!), other]);
    expect((await writeLabel(sim, token, "DELETE", labelled.uuid, idOf(drawn!))).status).toBe(200);
    expect(await idsOn(labelled.uuid)).toEqual([other]);
  });

  it("answers 404 for an unknown alarm or an unknown label, and changes nothing", async () => {
    const { uuid } = unlabelled[3]!;
    for (const method of ["PUT", "DELETE"] as const) {
      const toNobody = `/api/2.0/alarms/${NOBODY}/labels/${idOf("Escalated")}`;
      const noAlarm = await writeLabel(sim, token, method, NOBODY, idOf("Escalated"));
      expect((await expectError(noAlarm, 404, toNobody)).error).toBe("Alarm not found");
      const noLabel = await writeLabel(sim, token, method, uuid, NOBODY);
      const path = `/api/2.0/alarms/${uuid}/labels/${NOBODY}`;
      expect((await expectError(noLabel, 404, path)).error).toBe("Label not found");
    }
    expect(await idsOn(uuid)).toEqual([]);
  });
});

describe("labels: who may call them", () => {
  const { uuid } = unlabelled[4]!;
  const investigating = idOf("Investigating");

  it("answers 401 without a token or with an unknown one", async () => {
    const path = `/api/2.0/alarms/${uuid}/labels`;
    for (const bearer of [null, "not-a-token"]) {
      await expectError(await getLabels(sim, bearer, uuid), 401, path);
      for (const method of ["PUT", "DELETE"] as const) {
        const res = await writeLabel(sim, bearer, method, uuid, investigating);
        await expectError(res, 401, `${path}/${investigating}`);
      }
    }
  });

  it("answers 403 to a client that may not write, and lets it read", async () => {
    const reader = await getToken(sim, READER);
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await writeLabel(sim, reader, method, labelled.uuid, investigating);
      await expectError(res, 403, `/api/2.0/alarms/${labelled.uuid}/labels/${investigating}`);
    }
    expect((await writeLabel(sim, reader, "PUT", uuid, investigating)).status).toBe(403);
    expect(await idsOn(uuid)).toEqual([]);
    expect((await getLabels(sim, reader, uuid)).status).toBe(200);
  });

  it("answers 403 to a client without API access, reading or writing", async () => {
    const outsider = await getToken(sim, NO_API);
    await expectError(await getLabels(sim, outsider, uuid), 403, `/api/2.0/alarms/${uuid}/labels`);
    expect((await writeLabel(sim, outsider, "PUT", uuid, investigating)).status).toBe(403);
    expect(await idsOn(uuid)).toEqual([]);
  });

  it("answers 405 with Allow to other methods", async () => {
    const base = `${sim.url}/api/2.0/alarms/${uuid}/labels`;
    const auth = { Authorization: `Bearer ${token}` };
    for (const [url, method, allow] of [
      [base, "POST", "GET"],
      [base, "PUT", "GET"],
      [`${base}/${investigating}`, "GET", "PUT, DELETE"],
      [`${base}/${investigating}`, "POST", "PUT, DELETE"],
      [`${base}/${investigating}`, "PATCH", "PUT, DELETE"],
    ] as const) {
      const res = await fetch(url, { method, headers: auth });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(((await res.json()) as ErrorBody).result).toBe("error");
    }
  });
});
