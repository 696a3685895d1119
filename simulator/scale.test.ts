// Conformance at scale: with a million alarms every page, sort and filter still answers correctly.
// Speed is measured by `npm run bench`, not asserted here: a busy machine must not fail a test.
import { describe, expect, it } from "vitest";
import { SIM_SORT_FIELDS } from "./index";
import { AlarmPage, get, getToken, startTestSimulator } from "./test-support";

const sim = await startTestSimulator({ alarms: 1_000_000 });
const token = await getToken(sim);

async function page(query: string): Promise<AlarmPage> {
  const res = await get(`${sim.url}/api/2.0/alarms${query}`, token);
  expect(res.status, query).toBe(200);
  return (await res.json()) as AlarmPage;
}

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
