import { beforeEach, describe, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import { seedCorpus } from "@/test/search-corpus";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { suggest } from "@/lib/server/search/suggest";
import { ipv4PrefixRanges } from "@/lib/server/search/suggest-address";

// What the search box is offered as one types, on both engines: the index's values of the
// deployments the analyst may see, at most ten, never another deployment's.

describe("ipv4PrefixRanges", () => {
  it("covers exactly the addresses whose dotted form starts with the prefix", () => {
    expect(ipv4PrefixRanges("10.1")).toEqual([
      { from: "10.1.0.0", to: "10.1.255.255" },
      { from: "10.10.0.0", to: "10.19.255.255" },
      { from: "10.100.0.0", to: "10.199.255.255" },
    ]);
    expect(ipv4PrefixRanges("10.")).toEqual([{ from: "10.0.0.0", to: "10.255.255.255" }]);
    expect(ipv4PrefixRanges("192.168.1.25")).toEqual([
      { from: "192.168.1.25", to: "192.168.1.25" },
      { from: "192.168.1.250", to: "192.168.1.255" },
    ]);
    for (const none of ["300.1", "10.01", "2001:db8", "web", "1.2.3.4.5", ""]) {
      expect(ipv4PrefixRanges(none)).toEqual([]);
    }
  });
});

describeEachEngine("Suggestions", ({ database }) => {
  beforeEach(async () => {
    const { db } = database();
    await seedCorpus(db);
    const hosts = Array.from({ length: 15 }, (_, i) =>
      indexedAlarm({ sources: [endpoint({ hostname: `host-${String(i).padStart(2, "0")}` })] }),
    );
    await ingestAlarms(db, "acme", hosts, 1);
    const theirs = indexedAlarm({
      deployment: "other",
      sources: [endpoint({ address: "10.1.9.9", fqdn: "webmail.other.example" })],
      sourceUsername: "alfred",
      labels: ["escalation-other"],
      rule: { strategy: "Brute Other Strategy" },
    });
    await ingestAlarms(db, "other", [theirs], 1);
  });

  const ask = (field: string | null, prefix: string, deployments = ["acme"]) =>
    suggest(database().db, deployments, { field, prefix });

  it.each([
    ["host", "WE", ["web-01"]],
    ["host", "db.", ["db.example.com"]],
    ["user", "al", ["alice"]],
    ["source_username", "al", ["alice"]],
    ["ip", "10.", ["10.1.2.3", "10.200.0.9"]],
    ["ip", "10.2", ["10.200.0.9"]],
    ["dst_ip", "1", ["10.200.0.9"]],
    ["src_ip", "19", ["192.0.2.7"]],
    ["ip", "2001:", []],
    ["strategy", "bru", ["Brute Force Authentication"]],
    ["strategy", "force", ["Brute Force Authentication"]],
    ["rule_method", "method", ["Method 0", "Method 1", "Method 2"]],
    ["technique", "t11", ["T1110"]],
    ["tactic", "cred", ["Credential Access"]],
    ["label", "esc", ["escalated"]],
    ["status", "in", ["in_review"]],
    ["priority", "h", ["high"]],
    ["uuid", "0000", []],
    [null, "src", ["src_ip", "src_host", "src_user"]],
  ] as const)("%s starting %j: %j", async (field, prefix, want) => {
    expect(await ask(field, prefix)).toEqual(want);
  });

  it("offers at most ten values, in order", async () => {
    expect(await ask("host", "host-")).toEqual(
      Array.from({ length: 10 }, (_, i) => `host-${String(i).padStart(2, "0")}`),
    );
  });

  it("never offers a value only another deployment holds, unless the analyst may see it", async () => {
    for (const [field, prefix] of [
      ["host", "webm"],
      ["user", "alf"],
      ["ip", "10.1.9"],
      ["label", "escalation"],
      ["strategy", "brute o"],
    ] as const) {
      expect(await ask(field, prefix)).toEqual([]);
      expect(await ask(field, prefix, ["acme", "other"])).toHaveLength(1);
    }
    expect(await ask("user", "al", ["acme", "other"])).toEqual(["alfred", "alice"]);
    expect(await ask("user", "al", [])).toEqual([]);
  });

  it("reads a prefix as text, never as a pattern", async () => {
    for (const prefix of ["%", "_", "\\", "' or 1=1 --", "we%"]) {
      expect(await ask("host", prefix)).toEqual([]);
      expect(await ask("strategy", prefix)).toEqual([]);
    }
  });
});
