import { beforeEach, expect, it } from "vitest";
import { parseView } from "@/lib/shared/alarms/view";
import {
  TEAM_QUERIES,
  closedTodayQuery,
  startOfDay,
  teamListHref,
  type TeamCounts,
} from "@/lib/shared/deployments/tile";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { bindAnalyst } from "@/lib/server/search/query-language/bind";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { searchAlarmPage } from "@/lib/server/search/search";
import { teamCounts } from "@/lib/server/search/team-counts";
import {
  analystByHandle,
  forgetRecordedAnalysts,
  recordAnalyst,
} from "@/lib/server/triage/analysts";
import { setAcknowledged, setOwner } from "@/lib/server/triage/triage";
import { closeAlarmRow } from "@/lib/server/triage/verdicts";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { actor, alice, bob } from "@/test/triage-team";

// The home tile's team counts on both engines: each is what the team's state says (open for the
// team whatever USM's status, unacknowledged, unowned, mine, closed since the analyst's local
// midnight by verdict), and each is the total of the list its link opens, followed as a browser
// would: the link's URL read as the list reads it, then searched.

const ZONE = "Europe/Berlin";
/** 2025-11-24 09:00 in Berlin (08:00Z): today there began at 2025-11-23T23:00Z. */
const NOW = Date.UTC(2025, 10, 24, 8);
const HOUR = 3_600_000;

describeEachEngine("The home tile's team counts", ({ database }) => {
  const db = () => database().db;
  const alarms = Array.from({ length: 8 }, (_, i) =>
    indexedAlarm({ occurredAt: NOW - 60_000 * (i + 1), status: i % 2 ? "closed" : "open" }),
  );
  const keys = alarms.map((alarm) => ({ deployment: "acme", uuid: alarm.summary.uuid }));
  const elsewhere = indexedAlarm({ deployment: "globex", occurredAt: NOW - 1_000 });

  beforeEach(async () => {
    forgetRecordedAnalysts();
    await ingestAlarms(db(), "acme", alarms, 1);
    await ingestAlarms(db(), "globex", [elsewhere], 1);
    await recordAnalyst(db(), alice, NOW);
    await recordAnalyst(db(), bob, NOW);
    const done = await db().selectFrom("triage_alarms").select("uuid").executeTakeFirst();
    if (done) return;
    const close = (i: number, verdict: "false_positive" | "benign", at: number) =>
      closeAlarmRow(db(), keys[i]!, actor(bob), { verdict, reason: "", duplicateOf: null }, {}, at);
    // Closed before Berlin's midnight (23:00Z the day before), and after it.
    await close(0, "false_positive", NOW - 10 * HOUR);
    await close(1, "false_positive", NOW - 8 * HOUR);
    await close(2, "benign", NOW - HOUR);
    const known = async (handle: string) => analystByHandle(db(), handle);
    await setOwner(db(), keys[3]!, actor(alice), await known("alice"), NOW);
    await setOwner(db(), keys[4]!, actor(bob), await known("bob"), NOW);
    await setAcknowledged(db(), keys[4]!, actor(bob), true, NOW);
    await setAcknowledged(db(), keys[5]!, actor(alice), true, NOW);
    // Another deployment's alarm, owned by alice: never counted in acme's tile.
    await setOwner(
      db(),
      { deployment: "globex", uuid: elsewhere.summary.uuid },
      actor(alice),
      await known("alice"),
      NOW,
    );
  });

  /** The total of the list a tile's link opens, read as that list reads its URL. */
  async function followed(href: string, who = alice): Promise<number> {
    const { view, problems } = parseView(
      new URL(href, "http://console.test").searchParams,
      "deployment",
    );
    expect(problems).toEqual([]);
    const parsed = parseSearch(view.query.q ?? "");
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const page = await searchAlarmPage(
      db(),
      {
        allowed: ["acme", "globex"],
        deployments: ["acme"],
        search: bindAnalyst(parsed.query, who.id),
        query: view.query,
      },
      NOW,
    );
    return page.page.totalElements;
  }

  async function counts(who = alice): Promise<TeamCounts> {
    return teamCounts(db(), "acme", who.id, { since: startOfDay(NOW, ZONE), zone: ZONE });
  }

  it("counts the team's state, whatever USM's status says", async () => {
    const team = await counts();
    const number = (count: number) => ({ count, atLeast: false });
    expect(team.counts).toEqual({
      open: number(5),
      unacknowledged: number(3),
      unowned: number(3),
      mine: number(1),
    });
    expect((await counts(bob)).counts.mine).toEqual(number(1));
    expect(team.closedToday).toEqual([
      { verdict: "true_positive", count: number(0) },
      { verdict: "false_positive", count: number(1) },
      { verdict: "benign", count: number(1) },
      { verdict: "duplicate", count: number(0) },
    ]);
    expect(team.since).toBe(Date.UTC(2025, 10, 23, 23));
  });

  it("is, for each number, the total of the list its link opens", async () => {
    for (const who of [alice, bob]) {
      const team = await counts(who);
      for (const [name, q] of Object.entries(TEAM_QUERIES)) {
        const href = teamListHref("acme", q, ZONE);
        expect(await followed(href, who), name).toBe(
          team.counts[name as keyof typeof TEAM_QUERIES].count,
        );
      }
      for (const { verdict, count } of team.closedToday) {
        const href = teamListHref("acme", closedTodayQuery(verdict, team.since, ZONE), ZONE);
        expect(await followed(href, who), verdict).toBe(count.count);
      }
    }
  });

  it("names the analyst's midnight in the link, on their clock", async () => {
    const href = teamListHref(
      "acme",
      closedTodayQuery("benign", startOfDay(NOW, ZONE), ZONE),
      ZONE,
    );
    const url = new URL(href, "http://console.test");
    expect(url.pathname).toBe("/d/acme/alarms");
    expect(url.searchParams.get("q")).toBe("verdict:benign closed_at >= 2025-11-24T00:00+01:00");
    expect(url.searchParams.get("tz")).toBe(ZONE);
  });
});
