import { describe, expect, it } from "vitest";
import { groupTerm, narrowSearch, parseGroupParam } from "./groups";
import { oneDeployment } from "@/lib/shared/deployments/scope";
import { type ListView, parseView, viewHref } from "./view";

const parseListView = (params: URLSearchParams) => parseView(params, "deployment");
const listHref = (deployment: string, view: ListView) => viewHref(oneDeployment(deployment), view);

// The grouping's part of the URL contract, and the search each group opens its rows with.

describe("group in a list's URL", () => {
  it("reads one to three fields, in any case, and writes them back in canonical form", () => {
    expect(parseGroupParam("Strategy,SRC_IP")).toEqual({ ok: true, value: ["strategy", "src_ip"] });
    const { view, problems } = parseListView(new URLSearchParams("group=User,host&range=7d"));
    expect(problems).toEqual([]);
    expect(view.group).toEqual(["user", "host"]);
    expect(listHref("acme", view)).toBe("/d/acme/alarms?range=7d&group=user%2Chost");
  });

  it("takes the names a search takes for each field (the USM's among them), written as ours", () => {
    expect(parseGroupParam("rule_strategy, RULE_METHOD,source_address")).toEqual({
      ok: true,
      value: ["strategy", "method", "src_ip"],
    });
    for (const [alias, field] of [
      ["priority_label", "priority"],
      ["rule_intent", "intent"],
      ["rule_attack_id", "technique"],
      ["alarm_sensor_sources", "sensor"],
      ["destination_address", "dst_ip"],
      ["username", "user"],
      ["hostname", "host"],
      ["status", "status"],
    ]) {
      expect(parseGroupParam(alias!)).toEqual({ ok: true, value: [field] });
    }
    const { view, problems } = parseListView(new URLSearchParams("group=rule_strategy,Strategy"));
    expect(problems).toEqual([{ param: "group", message: "group names 'strategy' twice" }]);
    expect(view.group).toBeUndefined();
    expect(listHref("acme", parseListView(new URLSearchParams("group=rule_method")).view)).toBe(
      "/d/acme/alarms?group=method",
    );
  });

  it.each([
    ["src_host", "'src_host' is host on one side only"],
    ["source_username", "'source_username' is user on one side only"],
    ["tactic", "'tactic' is not one"],
    ["event_name", "'event_name' is not one"],
    ["colour", "'colour' is not one"],
    ["user,user", "names 'user' twice"],
    ["user,host,status,sensor", "at most 3 fields"],
    ["user,", "'' is not one"],
  ])("refuses group=%s, saying why, and shows rows", (raw, message) => {
    const { view, problems } = parseListView(new URLSearchParams({ group: raw }));
    expect(view.group).toBeUndefined();
    expect(problems).toEqual([{ param: "group", message: expect.stringContaining(message) }]);
  });

  it("takes group_sort with group, the default (count) left out of the link", () => {
    const { view, problems } = parseListView(new URLSearchParams("group=user&group_sort=LAST"));
    expect(problems).toEqual([]);
    expect(view.groupSort).toBe("last");
    expect(listHref("acme", view)).toBe("/d/acme/alarms?group=user&group_sort=last");
    expect(parseListView(new URLSearchParams("group=user&group_sort=count")).view.groupSort).toBe(
      undefined,
    );
    const bad = parseListView(new URLSearchParams("group=user&group_sort=size"));
    expect(bad.problems[0]).toMatchObject({ param: "group_sort" });
  });

  it("takes group once", () => {
    const { problems } = parseListView(new URLSearchParams("group=user&group=host"));
    expect(problems[0]?.message).toBe("group may be given only once");
  });
});

describe("the search a group opens its rows with", () => {
  it.each([
    ["strategy", "brute force authentication", 'strategy:"brute force authentication"'],
    ["src_ip", "2001:db8::1", 'src_ip:"2001:db8::1"'],
    ["src_ip", "10.1.2.3", "src_ip:10.1.2.3"],
    ["user", "alice", "user:alice"],
    ["technique", "t1110.001", "technique:t1110.001"],
    // T1110 alone, not its sub-techniques.
    ["technique", "t1110", "technique:t1110 NOT technique:t1110.*"],
    ["priority", null, "NOT priority:*"],
    ["host", null, "NOT host:*"],
    ["strategy", 'say "hi"', 'strategy:"say \\"hi\\""'],
  ] as const)("%s %s: %s", (field, value, term) => {
    expect(groupTerm(field, value)).toBe(term);
  });

  it("has none for a value the search would read otherwise (blank, padded)", () => {
    expect(groupTerm("strategy", "")).toBeNull();
    expect(groupTerm("method", " ssh ")).toBeNull();
    // No search says "no ATT&CK id": technique:* finds a technique's name too.
    expect(groupTerm("technique", null)).toBeNull();
  });

  it("narrows the view's own search, keeping an OR whole", () => {
    expect(narrowSearch(undefined, ["user:alice"])).toBe("user:alice");
    expect(narrowSearch("brute", ["user:alice"])).toBe("brute user:alice");
    expect(narrowSearch("ssh OR rdp", ["user:alice"])).toBe("(ssh OR rdp) user:alice");
    expect(narrowSearch("ssh", [])).toBe("ssh");
    // A last backslash stays a backslash, rather than escaping the space before the terms.
    expect(narrowSearch("foo\\", ["user:alice"])).toBe("foo\\\\ user:alice");
    expect(narrowSearch("foo\\\\", ["user:alice"])).toBe("foo\\\\ user:alice");
  });
});
