// The admin API stages an alarm's rule by any of its vendor fields (rule_id, rule_strategy, the
// ATT&CK id, technique and tactics, beside rule_method and rule_intent) and its labels; and a
// status changed upstream, on a generated or a staged alarm, moves the size=1 counts per day.
import { describe, expect, it } from "vitest";
import {
  ErrorBody,
  MemberAlarm,
  alarmsOf,
  getPage,
  postAdmin,
  readAll,
  startClocked,
} from "./test-support";
import { RULES } from "./taxonomy";

const DAY = 24 * 3600_000;
const { sim, token } = await startClocked({ alarms: 300, admin: true });

async function stage(body: Record<string, unknown>): Promise<MemberAlarm> {
  const res = await postAdmin(sim, "/_sim/alarms", body);
  expect(res.status).toBe(201);
  return (await res.json()) as MemberAlarm;
}

async function total(query: string): Promise<number> {
  return (await getPage(sim, token, `?size=1${query}`)).body.page.totalElements;
}

describe("staging the rule", () => {
  it.each([
    [{ rule_id: "LSASSAccess" }, "LSASSAccess"],
    [{ rule_strategy: "Web Application Attack" }, "WebAttackSQLi"],
    [{ rule_attack_id: "T1110" }, "BruteForceSSH"],
    [{ rule_attack_id: "T1110", rule_method: "VPN" }, "BruteForceVPN"],
    [{ rule_attack_technique: "Password Spraying" }, "BruteForceO365"],
    [{ rule_attack_tactic: ["Exfiltration"] }, "LargeOutboundTransfer"],
    [{ rule_attack_tactic: ["Execution", "Persistence"] }, "NewScheduledTask"],
    [{ rule_strategy: "Persistence", rule_attack_id: "T1543.003" }, "NewServiceInstalled"],
    [{ rule_intent: "System Compromise", rule_attack_tactic: ["Impact"] }, "RansomwareActivity"],
  ])("%j picks %s, served with all its fields", async (body, id) => {
    const alarm = await stage(body);
    const rule = RULES.find((r) => r.id === id)!;
    expect(alarm).toMatchObject({
      rule_id: id,
      rule_intent: rule.intent,
      rule_strategy: rule.strategy,
      rule_method: rule.method,
      rule_attack_id: rule.attackId,
      rule_attack_technique: rule.technique,
      rule_attack_tactic: rule.tactics,
    });
  });

  it("is found by the list's rule filters, counted as generated alarms are", async () => {
    const query = "&rule_strategy=Credential%20Dumping&rule_method=LSASS%20memory%20access";
    const before = await total(query);
    const alarm = await stage({ rule_attack_technique: "OS Credential Dumping: LSASS Memory" });
    expect(await total(query)).toBe(before + 1);
    const listed = await readAll(sim, token, `?size=1000${query}`);
    expect(listed.map((a) => a.uuid)).toContain(alarm.uuid);
  });

  it.each([
    ["rule_id", { rule_id: "NoSuchRule" }, "no rule has this value"],
    ["rule_strategy", { rule_strategy: "Lateral Movement" }, "no rule has this value"],
    ["rule_attack_id", { rule_attack_id: "T9999" }, "no rule has this value"],
    ["rule_attack_id", { rule_method: "FTP", rule_attack_id: "T1110" }, "with rule_method"],
    ["rule_attack_technique", { rule_attack_technique: 7 }, "must be a string"],
    ["rule_attack_tactic", { rule_attack_tactic: "Impact" }, "array"],
    ["rule_attack_tactic", { rule_attack_tactic: [] }, "array"],
    ["rule_attack_tactic", { rule_attack_tactic: ["Impact", "Discovery"] }, "no rule"],
    [
      "rule_strategy",
      { rule_intent: "Reconnaissance & Probing", rule_strategy: "Phishing" },
      "with rule_intent",
    ],
  ])("answers 400 naming '%s' for %j", async (field, body, reason) => {
    const before = await total("");
    const res = await postAdmin(sim, "/_sim/alarms", body);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error).toMatch(new RegExp(`^Invalid value for field '${field}': `));
    expect(error).toContain(reason);
    expect(await total("")).toBe(before);
  });
});

describe("staging labels", () => {
  it("serves the labels given, none for an empty list", async () => {
    const labelled = await stage({ alarm_labels: ["Pen Test", "Escalated"] });
    expect(labelled.alarm_labels).toEqual(["Pen Test", "Escalated"]);
    const entry = (await readAll(sim, token, "?size=1000")).find((a) => a.uuid === labelled.uuid);
    expect(entry?.alarm_labels).toEqual(["Pen Test", "Escalated"]);
    expect((await stage({ alarm_labels: [] })).alarm_labels).toEqual([]);
  });

  it.each([
    [{ alarm_labels: "Pen Test" }],
    [{ alarm_labels: [""] }],
    [{ alarm_labels: ["a", "a"] }],
    [{ alarm_labels: [" padded"] }],
    [{ alarm_labels: Array.from({ length: 21 }, (_, i) => `label ${i}`) }],
  ])("answers 400 naming alarm_labels for %j", async (body) => {
    const res = await postAdmin(sim, "/_sim/alarms", body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatch(
      /^Invalid value for field 'alarm_labels'/,
    );
  });
});

describe("a status changed upstream", () => {
  it("moves a generated alarm between the size=1 counts of its day, and no other day's", async () => {
    const [oldest] = alarmsOf(
      (await getPage(sim, token, "?size=1&sort=timestamp_occured,asc&status=open")).body,
    );
    const occurred = Number(oldest!.timestamp_occured);
    const from = occurred - (occurred % DAY);
    const day = `&timestamp_occured_gte=${from}&timestamp_occured_lte=${from + DAY - 1}`;
    const next = `&timestamp_occured_gte=${from + DAY}&timestamp_occured_lte=${from + 2 * DAY - 1}`;
    const counts = async () => ({
      open: await total(`&status=open${day}`),
      closed: await total(`&status=closed${day}`),
      nextDay: await total(next),
    });
    const before = await counts();
    const res = await postAdmin(sim, `/_sim/alarms/${oldest!.uuid}/status`, { status: "closed" });
    expect(res.status).toBe(200);
    expect(await counts()).toEqual({
      open: before.open - 1,
      closed: before.closed + 1,
      nextDay: before.nextDay,
    });
    // In-process too, and back.
    sim.setAlarmStatus(oldest!.uuid, "open");
    expect(await counts()).toEqual(before);
  });
});
