// Conformance: sort=field,asc|desc on GET /api/2.0/alarms.
import { describe, expect, it } from "vitest";
import { SIM_SORT_FIELDS } from "./index";
import {
  Alarm,
  alarmsOf,
  expectBadParameter,
  getPage,
  readAll,
  startWithToken,
} from "./test-support";

const { sim, token } = await startWithToken({ alarms: 400 });

/** The value a sort field orders by: numbers for times and priority, strings otherwise. */
function key(alarm: Alarm, field: (typeof SIM_SORT_FIELDS)[number]): number | string {
  if (field === "timestamp_occured" || field === "timestamp_received") return Number(alarm[field]);
  if (field === "priority") return alarm.priority;
  // Alarms without a status sort before every status value.
  if (field === "status") return alarm.status ?? "";
  return alarm[field];
}

function isOrdered(values: Array<number | string>, descending: boolean): boolean {
  return values.every((v, i) => {
    const prev = values[i - 1];
    if (i === 0 || prev === undefined) return true;
    return descending ? prev >= v : prev <= v;
  });
}

describe("sort", () => {
  const cases = SIM_SORT_FIELDS.flatMap((field) => [
    [field, "asc"],
    [field, "desc"],
  ]) as Array<[(typeof SIM_SORT_FIELDS)[number], "asc" | "desc"]>;

  it.each(cases)("orders the whole collection by %s %s", async (field, dir) => {
    const all = await readAll(sim, token, `?size=1000&sort=${field},${dir}`);
    expect(all).toHaveLength(400);
    const values = all.map((a) => key(a, field));
    expect(isOrdered(values, dir === "desc")).toBe(true);
    // Ordered, and not trivially: the field takes several values.
    expect(new Set(values).size).toBeGreaterThan(2);
    expect(new Set(all.map((a) => a.uuid)).size).toBe(400);
  });

  it("defaults to timestamp_occured desc (newest first)", async () => {
    const { body } = await getPage(sim, token, "?size=50");
    const explicit = await getPage(sim, token, "?size=50&sort=timestamp_occured,desc");
    expect(alarmsOf(body).map((a) => a.uuid)).toEqual(alarmsOf(explicit.body).map((a) => a.uuid));
    expect(
      isOrdered(
        alarmsOf(body).map((a) => Number(a.timestamp_occured)),
        true,
      ),
    ).toBe(true);
  });

  it("sorts ascending when the direction is left out, as Spring does", async () => {
    const { status, body } = await getPage(sim, token, "?sort=priority&size=100");
    expect(status).toBe(200);
    expect(
      isOrdered(
        alarmsOf(body).map((a) => a.priority),
        false,
      ),
    ).toBe(true);
    expect(body._links.next?.href).toContain("sort=priority,asc");
  });

  it("breaks ties the same way every time, so pages never overlap", async () => {
    const a = await readAll(sim, token, "?size=25&sort=status,desc");
    const b = await readAll(sim, token, "?size=25&sort=status,desc");
    expect(a.map((x) => x.uuid)).toEqual(b.map((x) => x.uuid));
    expect(new Set(a.map((x) => x.uuid)).size).toBe(400);
  });

  it.each([
    ["an unknown field", "sort=severity,desc"],
    ["an unknown direction", "sort=priority,down"],
    ["too many parts", "sort=priority,asc,extra"],
    ["the correct spelling occurred", "sort=timestamp_occurred,desc"],
  ])("answers 400 naming 'sort' for %s", async (_name, query) => {
    await expectBadParameter(sim, token, query, "sort");
  });
});
