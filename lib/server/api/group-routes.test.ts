import { beforeEach, expect, it } from "vitest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { AlarmGroupsPage } from "@/lib/shared/alarms/groups";
import { describeEachEngine } from "@/test/index-db";
import { NOW, seedCorpus } from "@/test/search-corpus";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { indexedAlarm } from "@/test/indexed-alarm";
import { respond } from "./route";
import { allScopeOf } from "@/lib/server/deployments/scope";
import { groupList } from "./search-routes";

// The groups API through the one wrapper's respond(), on both engines: the page of groups with
// its figures, the list's parameters narrowing it, 400 naming `group` or `q` for what is wrong,
// and only the deployments the analyst may see.

describeEachEngine("The groups API", ({ database }) => {
  beforeEach(async () => {
    await seedCorpus(database().db);
  });

  const NAMES: Record<string, string> = { acme: "Acme SOC", other: "Other Corp" };
  const groups = (
    search: string,
    {
      allowed = ["acme"],
      deployments = ["acme"],
    }: { allowed?: string[]; deployments?: string[] } = {},
  ) =>
    respond("GET /api/d/[deployment]/alarms/groups", () =>
      groupList(
        new URL(`http://app.test/api/d/acme/alarms/groups${search}`),
        { allowed, deployments, analyst: null },
        { database: database(), now: NOW },
        ["deployments"],
        (key) => NAMES[key],
      ),
    );

  async function ok(search: string, scope?: Parameters<typeof groups>[1]) {
    const response = await groups(search, scope);
    expect(response.status, search).toBe(200);
    return (await response.json()) as AlarmGroupsPage;
  }

  it("answers a view's groups, most alarms first, each alarm once in each of its groups", async () => {
    // Users: alice as a1's source and (as Alice) a3's destination, bob a2's; the rest have none.
    const page = await ok("?group=user");
    expect(page.fields).toEqual(["user"]);
    expect(page.alarms).toBe(29);
    expect(page.groups.map((g) => [g.values[0], g.count])).toEqual([
      [null, 26],
      ["alice", 2],
      ["bob", 1],
    ]);
    expect(page.groups[1]).toMatchObject({
      priority: 90,
      priorityLabel: "high",
      statuses: { open: 2, in_review: 0, closed: 0, none: 0 },
    });
    expect(page.page).toEqual({ number: 0, size: 20, totalElements: 3, totalPages: 1 });
    expect(page.source.kind).toBe("index");
  });

  it("narrows by the list's search and filters, and pages the groups", async () => {
    const searched = await ok(`?group=priority&${new URLSearchParams({ q: "user:alice" })}`);
    expect(searched.groups.map((g) => [g.values[0], g.count])).toEqual([["high", 2]]);
    const filtered = await ok("?group=status,priority&status=closed");
    expect(filtered.groups.map((g) => g.values)).toEqual([["closed", "medium"]]);
    const paged = await ok("?group=method&size=10&page=0");
    expect(paged.page.totalElements).toBeGreaterThan(1);
    const past = await ok("?group=method&page=50");
    expect(past.groups).toEqual([]);
    expect(past.page.totalElements).toBe(paged.page.totalElements);
  });

  it("orders the groups as asked: newest last occurrence, oldest first, highest priority, by value", async () => {
    const by = async (sort: string) =>
      (await ok(`?group=method&size=100&group_sort=${sort}`)).groups;
    const last = await by("last");
    expect(last.map((g) => g.last)).toEqual([...last.map((g) => g.last)].sort((a, b) => b! - a!));
    const first = await by("first");
    expect(first.map((g) => g.first)).toEqual(
      [...first.map((g) => g.first)].sort((a, b) => a! - b!),
    );
    const priority = await by("priority");
    expect(priority.map((g) => g.priority)).toEqual(
      [...priority.map((g) => g.priority)].sort((a, b) => b - a),
    );
    const value = await by("value");
    const names = value.map((g) => g.values[0]).filter((v): v is string => v !== null);
    expect(names).toEqual([...names].sort());
    // The default: most alarms first.
    expect((await ok("?group=method&size=100")).sort).toBe("count");
  });

  it("groups by deployment across those the analyst may see, by their names", async () => {
    const both = { allowed: ["acme", "other"], deployments: ["acme", "other"] };
    const page = await ok("?group=deployment,user", both);
    const alice = page.groups.filter((g) => g.values[1] === "alice");
    expect(alice.map((g) => [g.labels[0], g.count])).toEqual([
      ["Acme SOC", 2],
      ["Other Corp", 1],
    ]);
    // Asked for, but not the analyst's: never read.
    const mine = await ok("?group=deployment", {
      allowed: ["acme"],
      deployments: ["acme", "other"],
    });
    expect(mine.groups.map((g) => g.values[0])).toEqual(["acme"]);
  });

  it("reads only the view's alarms' values, and shows a technique without one as none", async () => {
    const { db } = database();
    const named = indexedAlarm({
      occurredAt: NOW - 5_000,
      rule: { ...indexedAlarm({}).summary.rule, attackId: null, attackTechnique: "Phishing" },
    });
    await ingestAlarms(db, "acme", [named], 1);
    const one = await ok(
      `?group=technique,user&${new URLSearchParams({ q: `uuid:${named.summary.uuid}` })}`,
    );
    expect(one.alarms).toBe(1);
    expect(one.groups.map((g) => [g.values, g.labels])).toEqual([
      [
        [null, null],
        [null, null],
      ],
    ]);
  });

  it("refuses deployments on the list of every deployment's groups that the analyst may not see", () => {
    const scope = (search: string) =>
      allScopeOf(new URL(`http://app.test/api/d/all/alarms/groups?${search}`), ["acme"]);
    expect(scope("").deployments).toEqual(["acme"]);
    expect(scope("deployments=ACME").deployments).toEqual(["acme"]);
    expect(() => scope("deployments=other")).toThrow(/no deployment other you may see/);
    expect(() => scope("deployments=acme&deployments=acme")).toThrow(/only once/);
  });

  it.each([
    ["", "group", "group is required"],
    ["?group=", "group", "group is required"],
    ["?group=colour", "group", "'colour' is not one"],
    ["?group=user,user", "group", "names 'user' twice"],
    ["?group=user,host,status,strategy", "group", "at most 3 fields"],
    ["?group=user&group=host", "group", "only once"],
    ["?group=user&size=7", "size", "size must be one of"],
    ["?group=user&group_sort=size", "group_sort", "group_sort must be one of"],
    ["?group=user&group_sort=last&group_sort=first", "group_sort", "only once"],
    ["?group=user&colour=red", "colour", "colour"],
    [`?group=user&${new URLSearchParams({ q: "user:(alice" })}`, "q", "at character"],
    // NUL, which both engines refuse in text, never reaches the database (the pivots' lesson).
    ["?group=user&q=alice%00", "q", "control character"],
    ["?group=user&rule_strategy=a%00b&rule_strategy=c", "rule_strategy", "control characters"],
  ])("refuses %s with 400 on %s", async (search, param, message) => {
    const response = await groups(search);
    expect(response.status).toBe(400);
    const body = parseErrorBody(await response.json());
    expect(body?.error.param).toBe(param);
    expect(body?.error.message).toContain(message);
  });
});
