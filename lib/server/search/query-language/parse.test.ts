import { describe, expect, it } from "vitest";
import type { SearchNode } from "@/lib/shared/search/ast";
import { parseSearch } from "@/lib/server/search/query-language/parse";

// What analysts type, and the tree each becomes, written compactly: `and(a, b)`, `not(a)`, free
// text as typed (`"…"` a phrase, `*` a prefix), `field=value` (`field[src]=` a side), `ip=` /
// `src_ip=` / `dst_ip=` an address or range, `priority>=70` a comparison.

const SIDE_IP = { any: "ip", src: "src_ip", dst: "dst_ip" } as const;

function show(node: SearchNode): string {
  switch (node.type) {
    case "and":
    case "or":
      return `${node.type}(${node.children.map(show).join(", ")})`;
    case "not":
      return `not(${show(node.child)})`;
    case "text":
      return node.phrase ? `"${node.value}"` : `${node.value}${node.prefix ? "*" : ""}`;
    case "field": {
      const side = node.side === "any" ? "" : `[${node.side}]`;
      const value = node.wildcard ? "*" : `${node.value}${node.prefix ? "*" : ""}`;
      return `${node.field}${side}=${value}`;
    }
    case "compare":
      return `priority${node.op === "=" ? "=" : node.op}${node.value}`;
    case "address":
      if (node.wildcard) return `${SIDE_IP[node.side]}=*`;
      return `${SIDE_IP[node.side]}=${node.address}${node.prefix === null ? "" : `/${node.prefix}`}`;
  }
}

function read(q: string): string {
  const parsed = parseSearch(q);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message} at ${parsed.problem.position}`);
  return show(parsed.query);
}

const TYPICAL: [string, string][] = [
  ["188.1.32.78", "ip=188.1.32.78"],
  ["ip:10.0.0.0/8 AND NOT user:admin", "and(ip=10.0.0.0/8, not(user=admin))"],
  [
    "(src_ip:10.0.0.0/8 OR dst_ip:192.168.1.5) AND priority >= 70",
    "and(or(src_ip=10.0.0.0/8, dst_ip=192.168.1.5), priority>=70)",
  ],
  ['"brute force" host:web-01', 'and("brute force", host=web-01)'],
  ["technique:T1110", "technique=t1110"],
  ['tactic:"Credential Access"', "tactic=credential access"],
  ["ip:2001:db8::1", "ip=2001:db8::1"],
  ["user:adm*", "user=adm*"],
  ["ip:fe80::/10", "ip=fe80::/10"],
  ["fe80::1", "ip=fe80::1"],
  ["2001:DB8:0:0:0:0:0:1", "ip=2001:db8::1"],
  ["10.0.0.0/8", "ip=10.0.0.0/8"],
  ["ip:10.1.2.3/16", "ip=10.1.0.0/16"],
  ["ip:10.1.*", "ip=10.1.0.0/16"],
  ["ip::1", "ip=::1"],
  ['dst_ip:"2001:db8::1"', "dst_ip=2001:db8::1"],
  ["priority:>=70", "priority>=70"],
  ["priority < 30 AND status:open", "and(priority<30, status=open)"],
  ["priority:90", "priority=90"],
  ["priority:(>50 AND <80)", "and(priority>50, priority<80)"],
  ["priority:High", "priority=high"],
  ["priority_label:critical", "priority=critical"],
  ["status:(open OR in-review)", "or(status=open, status=in_review)"],
  ["NOT status:closed", "not(status=closed)"],
  ["-status:closed mimikatz", "and(not(status=closed), mimikatz)"],
  ["powershell && !user:system", "and(powershell, not(user=system))"],
  ["ssh || rdp", "or(ssh, rdp)"],
  ["ssh or rdp and telnet", "or(ssh, and(rdp, telnet))"],
  ["brute force login", "and(brute, force, login)"],
  ["a OR b c", "or(a, and(b, c))"],
  ["(a OR b) c", "and(or(a, b), c)"],
  [
    'strategy:"Brute Force Authentication" AND method:SSH*',
    "and(strategy=brute force authentication, method=ssh*)",
  ],
  ['rule_intent:"Delivery & Attack"', "intent=delivery & attack"],
  ["source_username:Administrator", "user[src]=administrator"],
  ["destination_name:DC01.corp.local", "host[dst]=dc01.corp.local"],
  [
    "alarm_sources:188.1.32.78 OR alarm_destinations:188.1.32.78",
    "or(src_ip=188.1.32.78, dst_ip=188.1.32.78)",
  ],
  [
    "user:(root OR admin) -src_ip:10.0.0.0/8",
    "and(or(user=root, user=admin), not(src_ip=10.0.0.0/8))",
  ],
  [
    'technique:"Brute Force" OR rule_attack_id:T1110.001',
    "or(technique=brute force, technique=t1110.001)",
  ],
  ["rule_attack_tactic:Discovery", "tactic=discovery"],
  ["sensor_uuid:9b6a1c3e*", "sensor=9b6a1c3e*"],
  ["alarm_labels:escalated", "label=escalated"],
  ["uuid:3F2A9C1E-0000-4000-8000-000000000001", "uuid=3f2a9c1e-0000-4000-8000-000000000001"],
  ['event_name:"Failed SSH login"', '"failed ssh login"'],
  ["host:* AND status:*", "and(host=*, status=*)"],
  ["ip:* NOT src_ip:*", "and(ip=*, not(src_ip=*))"],
  ["dst_ip:* AND priority:*", "and(dst_ip=*, priority=*)"],
  ["mimi*", "mimi*"],
  ["Host:WEB-01", "host=web-01"],
  ["host: web-01", "host=web-01"],
  ["NOTEPAD.exe", "notepad.exe"],
  ["C\\:\\\\Windows", "c:\\windows"],
  ["trailing\\", "trailing\\"],
  ["  spaced   out  ", "and(spaced, out)"],
];

describe("parseSearch reads what analysts type", () => {
  it.each(TYPICAL)("%s", (q, tree) => {
    expect(read(q)).toBe(tree);
  });

  it("places each leaf where it was typed, for the page to point at", () => {
    const parsed = parseSearch("(src_ip:10.0.0.0/8 OR host:web-01) priority >= 70");
    expect(parsed).toMatchObject({
      ok: true,
      query: {
        type: "and",
        children: [
          { type: "or", children: [{ position: 8 }, { position: 27 }] },
          { type: "compare", position: 47 },
        ],
      },
    });
  });

  it("keeps free text and names lower-case and exact, whatever the case typed", () => {
    expect(parseSearch('"Brute Force" USER:Admin')).toEqual({
      ok: true,
      query: {
        type: "and",
        children: [
          { type: "text", value: "brute force", phrase: true, prefix: false, position: 0 },
          {
            type: "field",
            field: "user",
            side: "any",
            value: "admin",
            phrase: false,
            prefix: false,
            wildcard: false,
            position: 19,
          },
        ],
      },
    });
  });

  it("takes a query at the length limit, up to 16 levels deep and 64 terms", () => {
    expect(parseSearch("a".repeat(1000)).ok).toBe(true);
    expect(read(`${"(".repeat(16)}a${")".repeat(16)}`)).toBe("a");
    expect(parseSearch(Array.from({ length: 64 }, (_, i) => `t${i}`).join(" ")).ok).toBe(true);
  });
});
