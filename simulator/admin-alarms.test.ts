// The admin API's alarms: POST /_sim/alarms adds one (visible once received), POST
// /_sim/alarms/{uuid}/status sets a status; RunningSimulator.addAlarm / setAlarmStatus do the same
// in-process. Bad input is a 400 naming the field, or a TypeError.
import { describe, expect, it } from "vitest";
import {
  ANCHOR,
  ErrorBody,
  MemberAlarm,
  get,
  getPage,
  getToken,
  postAdmin,
  readAll,
  startClocked,
  withSimulator,
} from "./test-support";
import { RULES } from "./taxonomy";

const MINUTE = 60_000;
const { sim, token, clock } = await startClocked({ alarms: 200, admin: true }, ANCHOR + 5 * MINUTE);
const sensors = [...new Set((await readAll(sim, token, "?size=1000")).map((a) => a.sensor_uuid))];

const post = (path: string, body: unknown) => postAdmin(sim, path, body);

async function total(query = ""): Promise<number> {
  return (await getPage(sim, token, `?size=1${query}`)).body.page.totalElements;
}

describe("POST /_sim/alarms", () => {
  it("answers 201 with the alarm as the member route shows it, every given field honoured", async () => {
    const occurred = clock.ms - 3 * MINUTE;
    const res = await post("/_sim/alarms", {
      priority: 97,
      status: "in_review",
      rule_method: "SSH",
      suppressed: true,
      sensor_uuid: sensors[0]!.toUpperCase(),
      timestamp_occured: occurred,
      timestamp_received: String(occurred + 1000),
      events_count: 4,
    });
    expect(res.status).toBe(201);
    const alarm = (await res.json()) as MemberAlarm;
    expect(alarm).toMatchObject({
      priority: 97,
      priority_label: "high",
      status: "in_review",
      rule_id: "BruteForceSSH",
      rule_intent: "Delivery & Attack",
      rule_method: "SSH",
      suppressed: true,
      sensor_uuid: sensors[0],
      alarm_sensor_sources: [sensors[0]],
      timestamp_occured: String(occurred),
      timestamp_received: String(occurred + 1000),
      alarm_events_count: 4,
    });
    expect(alarm.events).toHaveLength(4);
    expect(alarm.events[0]!._links.self.href).toBe(
      `${sim.url}/api/2.0/events/${alarm.events[0]!.uuid}`,
    );
    expect(res.headers.get("location")).toBe(`${sim.url}/api/2.0/alarms/${alarm.uuid}`);
    const member = await get(`${sim.url}/api/2.0/alarms/${alarm.uuid}`, token);
    expect(await member.json()).toEqual(alarm);
    const listed = await readAll(sim, token, `?size=1000&status=in_review&priority_label=high`);
    expect(listed.map((a) => a.uuid)).toContain(alarm.uuid);
  });

  it("draws what is not given, occurred and received now by default", async () => {
    const before = await total();
    const res = await post("/_sim/alarms", {});
    expect(res.status).toBe(201);
    const alarm = (await res.json()) as MemberAlarm;
    expect(alarm.timestamp_occured).toBe(String(clock.ms));
    expect(alarm.timestamp_received).toBe(String(clock.ms));
    expect(RULES.map((r) => r.id)).toContain(alarm.rule_id);
    expect(sensors).toContain(alarm.sensor_uuid);
    expect(await total()).toBe(before + 1);
    // rule_intent alone picks the first rule with that intent.
    const byIntent = (await (
      await post("/_sim/alarms", { rule_intent: "Reconnaissance & Probing" })
    ).json()) as MemberAlarm;
    expect(byIntent.rule_id).toBe(RULES.find((r) => r.intent === "Reconnaissance & Probing")!.id);
  });

  it("keeps an alarm out of pages, totals and the member route until it is received", async () => {
    const before = await total();
    const received = clock.ms + 2 * MINUTE;
    const res = await post("/_sim/alarms", { timestamp_received: received, priority: 3 });
    expect(res.status).toBe(201);
    const { uuid } = (await res.json()) as MemberAlarm;
    const member = `${sim.url}/api/2.0/alarms/${uuid}`;
    expect(await total()).toBe(before);
    expect((await get(member, token)).status).toBe(404);
    clock.ms = received - 1;
    expect(await total()).toBe(before);
    clock.ms = received;
    expect(await total()).toBe(before + 1);
    expect((await get(member, token)).status).toBe(200);
    // A future occurrence is received when it occurs, unless told otherwise.
    const future = (await (
      await post("/_sim/alarms", { timestamp_occured: clock.ms + MINUTE })
    ).json()) as MemberAlarm;
    expect(future.timestamp_received).toBe(String(clock.ms + MINUTE));
  });

  it.each([
    ["priority", { priority: 101 }],
    ["priority", { priority: 5.5 }],
    ["priority", { priority: "50" }],
    ["status", { status: "resolved" }],
    ["rule_method", { rule_method: "Telnet" }],
    ["rule_intent", { rule_intent: "Lateral Movement" }],
    ["rule_intent", { rule_method: "SSH", rule_intent: "System Compromise" }],
    ["suppressed", { suppressed: "yes" }],
    ["sensor_uuid", { sensor_uuid: "00000000-0000-4000-8000-000000000000" }],
    ["timestamp_occured", { timestamp_occured: -1 }],
    ["timestamp_occured", { timestamp_occured: "yesterday" }],
    ["timestamp_received", { timestamp_occured: ANCHOR, timestamp_received: ANCHOR - 1 }],
    ["events_count", { events_count: 0 }],
    ["severity", { severity: "high" }],
    ["body", [1, 2]],
  ])("answers 400 naming '%s' for %j", async (field, body) => {
    const before = await total();
    const res = await post("/_sim/alarms", body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as ErrorBody;
    expect(error).toMatchObject({ result: "error", location: "/_sim/alarms" });
    expect(error.error).toMatch(new RegExp(`^Invalid value for field '${field}': `));
    expect(await total()).toBe(before);
  });

  it("answers 400 to a body that is not JSON, 405 to other methods", async () => {
    const res = await post("/_sim/alarms", "{priority: 5");
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toContain("JSON");
    const getRes = await fetch(`${sim.url}/_sim/alarms`);
    expect(getRes.status).toBe(405);
    expect(getRes.headers.get("allow")).toBe("POST");
  });
});

describe("POST /_sim/alarms/{uuid}/status", () => {
  it("sets the status of a generated alarm: 200 with the alarm, then lists and filters agree", async () => {
    const [open] = await readAll(sim, token, "?size=1&status=open");
    const closedBefore = await total("&status=closed");
    const res = await post(`/_sim/alarms/${open!.uuid}/status`, { status: "closed" });
    expect(res.status).toBe(200);
    const alarm = (await res.json()) as MemberAlarm;
    expect(alarm).toMatchObject({ uuid: open!.uuid, status: "closed" });
    expect(await total("&status=closed")).toBe(closedBefore + 1);
    const member = (await (
      await get(`${sim.url}/api/2.0/alarms/${open!.uuid}`, token)
    ).json()) as MemberAlarm;
    expect(member.status).toBe("closed");
    const closed = await readAll(sim, token, "?size=1000&sort=status,asc&status=closed");
    expect(closed.map((a) => a.uuid)).toContain(open!.uuid);
  });

  it("answers 404 for an unknown uuid, 400 for a bad status or an unknown field", async () => {
    const known = (await readAll(sim, token, "?size=1"))[0]!.uuid;
    const unknown = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const cases: Array<[string, unknown, number, string]> = [
      [unknown, { status: "closed" }, 404, "No alarm"],
      ["not-a-uuid", { status: "closed" }, 404, "No alarm"],
      [known, { status: "done" }, 400, "Invalid value for field 'status'"],
      [known, {}, 400, "Invalid value for field 'status'"],
      [known, { status: "closed", note: "x" }, 400, "Invalid value for field 'note'"],
    ];
    for (const [uuid, body, status, message] of cases) {
      const path = `/_sim/alarms/${uuid}/status`;
      const res = await post(path, body);
      expect(res.status, `${uuid} ${JSON.stringify(body)}`).toBe(status);
      const error = (await res.json()) as ErrorBody;
      expect(error).toMatchObject({ result: "error", location: path });
      expect(error.error).toContain(message);
    }
  });
});

describe("RunningSimulator.addAlarm / setAlarmStatus", () => {
  it("add and change alarms in-process, throwing TypeError on bad input", async () => {
    const alarm = sim.addAlarm({ priority: 12, rule_method: "Ransomware", status: "open" });
    expect(alarm).toMatchObject({
      priority: 12,
      priority_label: "low",
      rule_id: "RansomwareActivity",
    });
    expect(sim.setAlarmStatus(alarm.uuid, "in_review")).toMatchObject({ status: "in_review" });
    const member = (await (
      await get(`${sim.url}/api/2.0/alarms/${alarm.uuid}`, token)
    ).json()) as MemberAlarm;
    expect(member.status).toBe("in_review");
    expect(() => sim.addAlarm({ priority: 200 })).toThrow(TypeError);
    expect(() => sim.addAlarm({ priority: 200 })).toThrow("'priority'");
    expect(() => sim.setAlarmStatus(alarm.uuid, "gone" as "open")).toThrow(TypeError);
    expect(() => sim.setAlarmStatus("0f8fad5b-d9cb-469f-a165-70867728950e", "closed")).toThrow(
      TypeError,
    );
  });
});

describe("admin gating", () => {
  it("answers 404 on the alarm routes without admin", async () => {
    await withSimulator({ alarms: 5 }, async (plain) => {
      const res = await fetch(`${plain.url}/_sim/alarms`, { method: "POST", body: "{}" });
      expect(res.status).toBe(404);
      const token = await getToken(plain);
      const [first] = (
        (await (await get(`${plain.url}/api/2.0/alarms?size=1`, token)).json()) as {
          _embedded: { alarms: Array<{ uuid: string }> };
        }
      )._embedded.alarms;
      const status = await fetch(`${plain.url}/_sim/alarms/${first!.uuid}/status`, {
        method: "POST",
        body: '{"status":"closed"}',
      });
      expect(status.status).toBe(404);
    });
  });
});
