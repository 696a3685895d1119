import { expect, it } from "vitest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { OverviewSection, DimensionOverview } from "@/lib/shared/overview/types";
import { MemoryStore } from "@/lib/server/store/memory";
import type { Alarm } from "@/simulator/test-support";
import { describeEachEngine } from "@/test/index-db";
import {
  KEYS,
  allQueue,
  now,
  registry,
  startAllWorld,
  sync,
  truth,
  upstreamGets,
  vendor,
  type Key,
} from "@/test/all-world";
import { allOverview } from "./overview-routes";
import { allList } from "./search-routes";

// The queue of every deployment from the index, against the simulators' own truth on both
// engines (test/all-world.ts): numbered pages in any order (deep ones too) are the hand-sorted
// ones, counts exact, filters and the deployments named held to, the overview's counts as the
// alarms add up, at no upstream cost; how far back the index keeps alarms said.

startAllWorld();

describeEachEngine("GET /api/d/all/alarms from the index", ({ database }) => {
  const { statuses, queue, page, keysOf } = allQueue(database);

  it("pages every deployment in the list's order, any order, deep pages too, exactly counted, at no upstream cost", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const total = vendor.acme.length + vendor.globex.length;
    const gets = upstreamGets();
    for (const sort of [
      "timestamp_occured,desc",
      "timestamp_occured,asc",
      "priority,desc",
      "priority,asc",
      "status,asc",
      "status,desc",
      "timestamp_received,desc",
      "rule_method,asc",
      "rule_intent,desc",
    ]) {
      const [field, direction] = sort.split(",") as [
        AlarmListQuery["sort"]["field"],
        "asc" | "desc",
      ];
      const expected = truth({ field, direction });
      for (const number of [0, 1, 17, 39]) {
        const answer = await page(`sort=${sort}&size=20&page=${number}`);
        if (answer.paging !== "pages") throw new Error("numbered pages from the index");
        expect(answer.page).toMatchObject({ number, totalElements: total, totalPages: 40 });
        expect(answer.page.totalIsLowerBound).toBeUndefined();
        expect(answer.gaps).toEqual([]);
        expect(keysOf(answer), `${sort} page ${number}`).toEqual(
          expected.slice(number * 20, number * 20 + 20),
        );
      }
    }
    expect(upstreamGets(), "the index answered: no upstream read").toBe(gets);
    // Both deployments take part, each row tagged with its own.
    const first = await page("size=100");
    expect(new Set(first.alarms.map((alarm) => alarm.deployment))).toEqual(new Set(KEYS));
  });

  it("filters with several values across deployments, and reads only the deployments named", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const keep = (alarm: Alarm) =>
      (alarm.status === "open" || alarm.status === "in_review") && alarm.priority_label === "high";
    const expected = truth({ field: "timestamp_occured", direction: "desc" }, keep);
    const answer = await page("status=open&status=in_review&priority_label=high&size=50");
    if (answer.paging !== "pages") throw new Error("numbered pages from the index");
    expect(answer.page.totalElements).toBe(expected.length);
    expect(keysOf(answer)).toEqual(expected.slice(0, 50));

    const globex = await page("deployments=globex&size=100");
    if (globex.paging !== "pages") throw new Error("numbered pages from the index");
    expect(globex.deployments).toEqual(["globex"]);
    expect(globex.page.totalElements).toBe(vendor.globex.length);
    expect(globex.alarms.every((alarm) => alarm.deployment === "globex")).toBe(true);

    // A deployment the analyst may not see is refused by name, never read.
    const refused = await queue("deployments=globex", ["acme"]);
    expect(refused.status).toBe(400);
    expect(parseErrorBody(await refused.json())?.error.param).toBe("deployments");
    const mine = await (await queue("size=100", ["acme"])).json();
    expect((mine as AllListPage).alarms.every((alarm) => alarm.deployment === "acme")).toBe(true);
  });

  it("says how far back the index keeps alarms when the view reaches further", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const visible = registry.all();
    const kept = (search: string) =>
      allList(new URLSearchParams(search), visible, "tester", {
        database: database(),
        now: now(),
        statuses,
        retentionMs: 86_400_000,
      });
    const all = await kept("size=20");
    expect(all.paging === "pages" && all.keptFrom).toBe(now() - 86_400_000);
    const lastHour = await kept(`timestamp_occured_gte=${now() - 3_600_000}`);
    expect(lastHour.paging === "pages" && lastHour.keptFrom).toBeNull();
  });

  it("counts the overview of every deployment in the index, as their alarms add up by hand, at no upstream cost", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const gets = upstreamGets();
    const url = (search: string) => new URL(`http://app.test/api/d/all/alarms/overview?${search}`);
    const section = async (search: string, allowed: readonly string[] = KEYS) =>
      (await allOverview(url(search), allowed, {
        database: database(),
        now: now(),
        statuses,
        store: new MemoryStore(),
      })) as OverviewSection;
    const status = (await section("part=status")) as DimensionOverview;
    const count = (key: Key | null, value: string) =>
      (key ? vendor[key] : [...vendor.acme, ...vendor.globex]).filter(
        (a) => (a.status ?? "none") === value,
      ).length;
    expect(status.counts).toEqual(
      ["open", "in_review", "closed", "none"].map((value) => ({
        value,
        count: count(null, value),
      })),
    );
    expect(status.source).toMatchObject({ kind: "index" });
    expect(status.source?.partial).toBeUndefined();
    const acme = (await section("part=status&deployments=acme")) as DimensionOverview;
    expect(acme.counts.map((c) => c.count)).toEqual(
      ["open", "in_review", "closed", "none"].map((value) => count("acme", value)),
    );
    await expect(section("part=status&deployments=globex", ["acme"])).rejects.toMatchObject({
      code: "invalid_request",
      param: "deployments",
    });
    expect(upstreamGets()).toBe(gets);
  });
});
