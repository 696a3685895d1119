import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { MemoryStore } from "@/lib/server/store/memory";
import { ExportProgressStore } from "./progress";
import {
  EXPORT_ANCHOR,
  exportSimulator,
  csvRows,
  directRead,
  exportRequest,
  runExport,
} from "@/test/export-support";

// The export against the real simulator over HTTP: what it writes, in which order, what it
// reads upstream and when it stops. The simulator's data set is still (no live arrivals) unless
// a test adds alarms itself.

const world = exportSimulator();
const { alarmReads } = world;

describe("an export of a view", () => {
  it("writes a 5,000-alarm view alarm for alarm as the simulator reads it, in order", async () => {
    const direct = await directRead(world.sim.url, {
      ...DEFAULT_QUERY,
      filters: { timestamp_occured_lte: EXPORT_ANCHOR },
    });
    expect(direct).toHaveLength(5000);
    const { response, text } = await runExport(
      exportRequest(world.client, { startedAt: EXPORT_ANCHOR }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("X-Export-Total")).toBe("5000");
    const rows = csvRows(text);
    expect(rows.map((row) => row.uuid)).toEqual(direct.map((alarm) => alarm.uuid));
    rows.forEach((row, n) => {
      const alarm = direct[n]!;
      expect(row.occurred_utc).toBe(new Date(Number(alarm.timestamp_occured)).toISOString());
      expect(row.priority).toBe(String(alarm.priority));
      expect(row.status).toBe(alarm.status ?? "");
    });
  });

  it("writes another sort and a filter as NDJSON, read by page number, equal to the simulator's", async () => {
    const query: AlarmListQuery = {
      ...DEFAULT_QUERY,
      sort: { field: "priority", direction: "asc" },
      filters: { status: ["open"], timestamp_occured_lte: EXPORT_ANCHOR },
    };
    const direct = await directRead(world.sim.url, query);
    expect(direct.length).toBeGreaterThan(200);
    const { text } = await runExport(
      exportRequest(world.client, {
        query,
        format: "ndjson",
        startedAt: EXPORT_ANCHOR,
        pageSizes: [100],
      }),
    );
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { uuid: string });
    expect(lines.map((alarm) => alarm.uuid)).toEqual(direct.map((alarm) => alarm.uuid));
  });

  it("writes JSON as one array, times in UTC and in the view's zone", async () => {
    const query: AlarmListQuery = {
      ...DEFAULT_QUERY,
      filters: {
        priority_label: ["high"],
        status: ["in_review"],
        timestamp_occured_lte: EXPORT_ANCHOR,
      },
    };
    const direct = await directRead(world.sim.url, query);
    const { text } = await runExport(
      exportRequest(world.client, {
        query,
        format: "json",
        zone: "Asia/Kolkata",
        startedAt: EXPORT_ANCHOR,
      }),
    );
    const alarms = JSON.parse(text) as {
      uuid: string;
      occurredUtc: string;
      occurredLocal: string;
    }[];
    expect(alarms.map((alarm) => alarm.uuid)).toEqual(direct.map((alarm) => alarm.uuid));
    const first = alarms[0]!;
    expect(first.occurredLocal).toMatch(/\+05:30$/);
    expect(Date.parse(first.occurredLocal)).toBe(Date.parse(first.occurredUtc));
  });

  it("pages within an instant when a whole page shares one occurred time, writing each alarm once", async () => {
    const instant = EXPORT_ANCHOR - 3_600_000;
    const added = Array.from({ length: 25 }, () =>
      world.sim.addAlarm({ timestamp_occured: instant }),
    );
    const query = { ...DEFAULT_QUERY, filters: { timestamp_occured_gte: instant - 600_000 } };
    const direct = await directRead(world.sim.url, {
      ...query,
      filters: { ...query.filters, timestamp_occured_lte: EXPORT_ANCHOR },
    });
    const { text } = await runExport(
      exportRequest(world.client, { query, startedAt: EXPORT_ANCHOR, pageSizes: [10] }),
    );
    const uuids = csvRows(text).map((row) => row.uuid);
    expect(uuids).toEqual(direct.map((alarm) => alarm.uuid));
    expect(uuids).toEqual(expect.arrayContaining(added.map((alarm) => alarm.uuid)));
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it("takes the largest page size the deployment accepts and remembers it", async () => {
    const store = new MemoryStore();
    const query = { ...DEFAULT_QUERY, filters: { status: ["in_review" as const] } };
    const direct = await directRead(world.sim.url, {
      ...query,
      filters: { ...query.filters, timestamp_occured_lte: EXPORT_ANCHOR },
    });
    // The simulator refuses sizes over 1,000 with a 400, as a deployment with a lower maximum would.
    const first = await runExport(
      exportRequest(world.client, {
        query,
        store,
        startedAt: EXPORT_ANCHOR,
        pageSizes: [5000, 1000, 500],
      }),
    );
    expect(csvRows(first.text).map((row) => row.uuid)).toEqual(direct.map((alarm) => alarm.uuid));
    expect(world.sim.stats().byStatus["400"]).toBe(1);
    expect(await store.get("export:acme:page-size")).toBe("1000");
    await runExport(
      exportRequest(world.client, {
        query,
        store,
        startedAt: EXPORT_ANCHOR,
        pageSizes: [5000, 1000, 500],
      }),
    );
    expect(world.sim.stats().byStatus["400"]).toBe(1); // the second export asked no size it refuses
  });

  it("stops at the cap, says so in its progress, and reads no further", async () => {
    const store = new MemoryStore();
    const request = exportRequest(world.client, {
      store,
      cap: 1234,
      startedAt: EXPORT_ANCHOR,
      pageSizes: [500],
    });
    const { response, text } = await runExport(request);
    expect(response.headers.get("X-Export-Total")).toBe("1234");
    expect(response.headers.get("X-Export-Capped")).toBe("true");
    expect(csvRows(text)).toHaveLength(1234);
    expect(alarmReads()).toBe(3);
    const progress = await new ExportProgressStore(store).get(request.analyst, request.id);
    expect(progress).toMatchObject({ state: "capped", rows: 1234, total: 1234 });
  });
});

describe("alarms that arrive while an export runs", () => {
  const startedAt = Date.now() - 60_000;

  async function exportWithArrivals(query: AlarmListQuery) {
    const atStart = await directRead(world.sim.url, {
      ...query,
      filters: { ...query.filters, timestamp_occured_lte: startedAt },
    });
    const arrived: string[] = [];
    const { text } = await runExport(
      exportRequest(world.client, {
        query,
        startedAt,
        pageSizes: [200],
        // Between every two pages: one alarm after the export's start, one among the alarms
        // already written and one among those still to come (EXPORT_ANCHOR is the data set's newest).
        beforeRead: (reads) => {
          const cursorTimes = [
            EXPORT_ANCHOR - reads * 60_000,
            EXPORT_ANCHOR - 20 * 86_400_000 - reads * 1000,
          ];
          arrived.push(world.sim.addAlarm({ timestamp_occured: Date.now() - 1000 }).uuid);
          for (const time of cursorTimes)
            arrived.push(world.sim.addAlarm({ timestamp_occured: time }).uuid);
        },
      }),
    );
    return { atStart, arrived, uuids: csvRows(text).map((row) => row.uuid) };
  }

  it("neither duplicate nor lose a row, in the default order (keyset)", async () => {
    const { atStart, arrived, uuids } = await exportWithArrivals(DEFAULT_QUERY);
    expect(arrived.length).toBeGreaterThan(60);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(uuids).toEqual(expect.arrayContaining(atStart.map((alarm) => alarm.uuid)));
    expect(uuids.length).toBeLessThan(atStart.length + arrived.length);
    // Nothing that occurred after the export's start got in.
    const late = new Set<string>(arrived.filter((_, n) => n % 3 === 0));
    expect(uuids.filter((uuid) => late.has(uuid))).toEqual([]);
  });

  it("neither duplicate nor lose a row when paging by number (another sort)", async () => {
    const query: AlarmListQuery = {
      ...DEFAULT_QUERY,
      sort: { field: "priority", direction: "desc" },
    };
    const { atStart, arrived, uuids } = await exportWithArrivals(query);
    expect(arrived.length).toBeGreaterThan(60);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(uuids).toEqual(expect.arrayContaining(atStart.map((alarm) => alarm.uuid)));
    const late = new Set<string>(arrived.filter((_, n) => n % 3 === 0));
    expect(uuids.filter((uuid) => late.has(uuid))).toEqual([]);
  });
});
