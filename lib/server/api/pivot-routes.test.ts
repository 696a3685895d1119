import { expect, it } from "vitest";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { PivotsAnswer } from "@/lib/shared/search/pivots";
import { describeEachEngine } from "@/test/index-db";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import { alarmPivots } from "./pivot-routes";
import { respond } from "./route";

// The pivots API's request -> answer logic through the one wrapper (the route file's session and
// deployment checks are its own test's): what the detail's links and "Related alarms" receive,
// and the error shape for what it cannot answer.

const HOUR = 3600_000;
const NOW = 1_764_000_000_000;

describeEachEngine("GET /api/d/{key}/alarms/{uuid}/pivots", ({ database, server, engine }) => {
  const ask = (uuid: string, search: string, deployment = "acme") =>
    respond("GET pivots", () =>
      alarmPivots(new URL(`http://console.test/x${search}`), deployment, uuid, {
        database: async () => ({ ok: true, database: database() }),
        now: NOW,
      }),
    );

  async function seed() {
    const self = indexedAlarm({
      occurredAt: NOW - HOUR,
      sources: [endpoint({ address: "198.51.100.7", hostname: "web-01" })],
      sourceUsername: "alice",
    });
    const recent = indexedAlarm({
      occurredAt: NOW - 2 * HOUR,
      destinations: [endpoint({ address: "198.51.100.7" })],
    });
    const lastWeek = indexedAlarm({ occurredAt: NOW - 3 * 24 * HOUR, sourceUsername: "Alice" });
    const theirs = indexedAlarm({
      occurredAt: NOW - HOUR,
      sources: [endpoint({ address: "198.51.100.7" })],
      sourceUsername: "alice",
    });
    await ingestAlarms(database().db, "acme", [self, recent, lastWeek], NOW);
    await ingestAlarms(database().db, "globex", [theirs], NOW);
    return { self, recent, lastWeek };
  }

  it("answers each value's count in the last 7 days, and the related alarms", async () => {
    const { self, recent, lastWeek } = await seed();
    const response = await ask(
      self.summary.uuid,
      "?ip=198.51.100.7&host=web-01&user=alice&strategy=Brute+Force+Authentication",
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as PivotsAnswer;
    const end = Math.ceil(NOW / 1000) * 1000; // as the list resolves a rolling range
    expect(body.window).toEqual({ gte: end - 7 * 24 * HOUR, lte: end });
    expect(body.counts).toEqual([
      { field: "ip", value: "198.51.100.7", count: 2, capped: false },
      { field: "host", value: "web-01", count: 1, capped: false },
      { field: "user", value: "alice", count: 2, capped: false },
      { field: "strategy", value: "Brute Force Authentication", count: 3, capped: false },
    ]);
    expect(body.related.alarms.map((alarm) => [alarm.uuid, alarm.shares])).toEqual([
      [recent.summary.uuid, [{ field: "ip", value: "198.51.100.7" }]],
      [lastWeek.summary.uuid, [{ field: "user", value: "alice" }]],
    ]);
    // The alarm itself carries each value, and is not one of the others.
    expect(body.related.shared).toEqual([
      { field: "ip", value: "198.51.100.7", others: 1, capped: false },
      { field: "user", value: "alice", others: 1, capped: false },
    ]);
  });

  it("counts in the range of the list the analyst came from", async () => {
    const { self } = await seed();
    const day = await ask(self.summary.uuid, "?user=alice&range=24h");
    expect(((await day.json()) as PivotsAnswer).counts[0]!.count).toBe(1);
    const gte = NOW - 4 * 24 * HOUR;
    const bounded = await ask(self.summary.uuid, `?user=alice&timestamp_occured_gte=${gte}`);
    const body = (await bounded.json()) as PivotsAnswer;
    expect(body.window).toEqual({ gte, lte: null });
    expect(body.counts[0]!.count).toBe(2);
    // The alarm itself is outside this range: every sharer is another alarm.
    const before = await ask(self.summary.uuid, `?user=alice&timestamp_occured_lte=${NOW - 1e8}`);
    expect(((await before.json()) as PivotsAnswer).related.shared[0]!.others).toBe(1);
  });

  it.each([
    ["?ip=web-01", "ip"],
    ["?ip=10.0.0.0/8", "ip"],
    ["?host=", "host"],
    ["?user=%20", "user"],
    [`?host=${"a".repeat(513)}`, "host"],
    [`?${Array.from({ length: 41 }, (_, i) => `user=u${i}`).join("&")}`, "user"],
    ["?status=open", "status"],
    ["?range=2d", "range"],
    ["?range=7d&range=24h", "range"],
    ["?range=7d&timestamp_occured_gte=1", "range"],
    ["?timestamp_occured_gte=5&timestamp_occured_lte=4", "timestamp_occured_lte"],
  ])("answers 400 naming the parameter for %s", async (search, param) => {
    const response = await ask("3f2a9c1e-0000-4000-8000-000000000001", search);
    expect(response.status).toBe(400);
    expect(parseErrorBody(await response.json())?.error).toMatchObject({
      code: "invalid_request",
      param,
    });
  });

  // Both engines refuse NUL in text: asked of the database, it was a 500.
  it.each(["host", "user", "sensor", "strategy", "method", "technique", "ip"])(
    "answers 400 naming %s for a value with a NUL in it",
    async (field) => {
      const { self } = await seed();
      const response = await ask(self.summary.uuid, `?user=alice&${field}=web%00-01`);
      expect(response.status).toBe(400);
      expect(parseErrorBody(await response.json())?.error).toMatchObject({
        code: "invalid_request",
        param: field,
      });
    },
  );

  it("answers 404 for an id that is not an alarm's", async () => {
    const response = await ask("'; drop table alarms; --", "?user=alice");
    expect(response.status).toBe(404);
  });

  it.runIf(engine === "postgres")(
    "answers 503 index_unavailable while the server is down, and again once it is back",
    async () => {
      const { self } = await seed();
      await server()!.stop();
      try {
        const response = await ask(self.summary.uuid, "?user=alice");
        expect(response.status).toBe(503);
        const error = parseErrorBody(await response.json())?.error;
        expect(error?.code).toBe("index_unavailable");
        expect(error?.message).toMatch(/does not answer/);
      } finally {
        await server()!.start();
      }
      const again = await ask(self.summary.uuid, "?user=alice");
      expect(again.status).toBe(200);
    },
  );
});
