// Conformance at scale: with a million alarms every page, sort and filter still answers correctly.
// Speed is measured by `npm run bench`, not asserted here: a busy machine must not fail a test.
import { describe, expect, it } from "vitest";
import { SIM_SORT_FIELDS, type RunningSimulator } from "./index";
import { ANCHOR, AlarmPage, get, startClocked, startWithToken } from "./test-support";

const { sim, token } = await startWithToken({ alarms: 1_000_000 });
// The same million with about 600 live arrivals an hour after the anchor.
const { sim: liveSim, token: liveToken } = await startClocked(
  { alarms: 1_000_000, live: { perMinute: 10, statusChangesPerMinute: 0 } },
  ANCHOR + 60 * 60_000,
);

async function page(query: string, from: RunningSimulator = sim): Promise<AlarmPage> {
  const res = await get(`${from.url}/api/2.0/alarms${query}`, from === sim ? token : liveToken);
  expect(res.status, query).toBe(200);
  return (await res.json()) as AlarmPage;
}

const uuids = (p: AlarmPage) => (p._embedded?.alarms ?? []).map((a) => a.uuid);

describe("scale: 1,000,000 alarms", () => {
  it("serves a deep page of every sort, in order", async () => {
    for (const field of SIM_SORT_FIELDS) {
      for (const direction of ["asc", "desc"] as const) {
        const query = `?sort=${field},${direction}&page=9999`;
        const alarms = (await page(query))._embedded?.alarms ?? [];
        expect(alarms, query).toHaveLength(20);
        if (field === "priority") {
          const values = alarms.map((alarm) => Number(alarm.priority));
          const sorted = [...values].sort((a, b) => (direction === "asc" ? a - b : b - a));
          expect(values, query).toEqual(sorted);
        }
      }
    }
  });

  it("filters and sorts a deep page of a combined filter", async () => {
    const query =
      "?status=open&priority_label=high&rule_intent=System%20Compromise&sort=priority,desc&page=300";
    const result = await page(query);
    const alarms = result._embedded?.alarms ?? [];
    expect(alarms).toHaveLength(20);
    for (const alarm of alarms) {
      expect(alarm).toMatchObject({
        status: "open",
        priority_label: "high",
        rule_intent: "System Compromise",
      });
    }
    expect(result.page.totalElements).toBeGreaterThan(300 * 20);
  });

  it("reports the full total and the last page", async () => {
    const result = await page("?page=49999");
    expect(result.page).toEqual({
      size: 20,
      totalElements: 1_000_000,
      totalPages: 50_000,
      number: 49_999,
    });
    expect(result._links.next).toBeUndefined();
  });
});

describe("scale: 1,000,000 alarms and live arrivals", () => {
  const arrivals = async () => (await page("?size=1", liveSim)).page.totalElements - 1_000_000;

  it("puts the arrivals (all newer) before the generated alarms in timestamp_occured desc", async () => {
    const m = await arrivals();
    expect(m).toBeGreaterThan(400);
    const start = 9999 * 20 - m;
    const first = Math.floor(start / 20);
    const still = [
      ...uuids(await page(`?page=${first}`)),
      ...uuids(await page(`?page=${first + 1}`)),
    ];
    const expected = still.slice(start - first * 20, start - first * 20 + 20);
    expect(uuids(await page("?page=9999", liveSim))).toEqual(expected);
    // ...and after them in asc: the deep pages of the generated set are unchanged.
    const asc = "?page=9999&sort=timestamp_occured,asc";
    expect(uuids(await page(asc, liveSim))).toEqual(uuids(await page(asc)));
  });

  it("lands deep pages of every sort at the same rows whatever the page size", async () => {
    for (const field of SIM_SORT_FIELDS) {
      for (const direction of ["asc", "desc"] as const) {
        const sort = `sort=${field},${direction}`;
        const twenties = [
          ...uuids(await page(`?${sort}&page=10000`, liveSim)),
          ...uuids(await page(`?${sort}&page=10001`, liveSim)),
        ];
        expect(twenties, sort).toHaveLength(40);
        expect(new Set(twenties).size, sort).toBe(40);
        expect(uuids(await page(`?${sort}&page=5000&size=40`, liveSim)), sort).toEqual(twenties);
      }
    }
  });
});
