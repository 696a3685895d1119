import { NextRequest } from "next/server";
import { beforeEach, expect, it, vi } from "vitest";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { MemoryStore } from "@/lib/server/store/memory";
import type { UsmCall } from "@/lib/server/usm";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { ExportPlan } from "@/lib/shared/export/contract";
import { testAnalyst } from "@/test/analyst";
import { indexOnlyRegistry } from "@/test/deployment-config";
import { csvRows } from "@/test/export-support";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import {
  allExportDownload,
  allExportPlan,
  exportDownload,
  exportPlan,
  exportProgress,
  type AllExportContext,
  type ExportContext,
} from "./export-routes";
import { respond } from "./route";

// The export's request -> answer logic over the index, through the one wrapper's respond(), on
// both engines: a deployment's search or several values planned and written from the index (never
// the upstream), the queue of every deployment (all it shows, or the deployments it names, never
// one the analyst may not see), 400 naming what is wrong, and 503 index_unavailable while
// PostgreSQL is down, before a download and during one. (The route files' session, 405 and write
// guard: app/api/d/all/alarms/export/route.test.ts.)

const T = 1_764_000_000_000;
const START = T + 60_000;
const alice = testAnalyst("local:alice");
const acme = indexOnlyRegistry(["acme"]).all()[0]!;
// An index view never calls the upstream: the client is never asked for.
const NO_UPSTREAM = {
  analyst: alice.id,
  get client(): never {
    throw new Error("this export must not read the upstream");
  },
} as UsmCall;

const alarmsOf = (deployment: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    indexedAlarm(
      {
        deployment,
        occurredAt: T - i * 1000,
        priority: 20 + (i % 8) * 10,
        status: (["open", "in_review", "closed"] as const)[i % 3],
      },
      { rawText: i % 2 === 0 ? "powershell -enc" : "quiet" },
    ),
  );

/** A deployment the index holds whole (the sync following it). */
const FOLLOWING: IndexStatus = {
  state: "following",
  syncedAt: START,
  backfill: null,
  reason: null,
};

describeEachEngine("The export's routes over the index", ({ database, server, engine }) => {
  let store: MemoryStore;
  beforeEach(async () => {
    store = new MemoryStore();
    const { db } = database();
    await ingestAlarms(db, "acme", alarmsOf("acme", 30), 1);
    await ingestAlarms(db, "beta", alarmsOf("beta", 20), 1);
    await ingestAlarms(db, "hidden", alarmsOf("hidden", 10), 1);
  });

  const common = (more: Partial<ExportContext> = {}) => ({
    analyst: alice,
    visible: ["acme", "beta"],
    store,
    now: START,
    cap: 100_000,
    index: {
      database: database(),
      pageSize: 4,
      statuses: async (keys: readonly string[]) => new Map(keys.map((key) => [key, FOLLOWING])),
    },
    ...more,
  });
  const own = (more: Partial<ExportContext> = {}): ExportContext => ({
    deployment: acme,
    call: NO_UPSTREAM,
    ...common(more),
  });
  const all = (more: Partial<AllExportContext> = {}): AllExportContext => common(more);
  /** `work` answering GET /api/d/{path}{search} through the one wrapper. */
  const route =
    <C>(path: string, work: (url: string, context: C) => Promise<unknown>, base: () => C) =>
    (search: string, context = base()) =>
      respond(`GET /api/d/${path}`, () => work(`http://app.test/api/d/${path}${search}`, context));
  const plan = route("acme/alarms/export/plan", (u, c) => exportPlan(new URL(u), c), own);
  const download = route(
    "acme/alarms/export",
    (u, c) => exportDownload(new NextRequest(u), c),
    own,
  );
  const allPlan = route("all/alarms/export/plan", (u, c) => allExportPlan(new URL(u), c), all);
  const allDownload = route(
    "all/alarms/export",
    (u, c) => allExportDownload(new NextRequest(u), c),
    all,
  );
  const planOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.json()) as ExportPlan;
  };
  const errorOf = async (response: Response) => parseErrorBody(await response.json())?.error;
  let ids = 0;
  const id = () => `index-route-${engine}-${++ids}`;
  const fileName = (response: Response) =>
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];

  it("names in the plan each deployment the index does not hold whole over the view's range", async () => {
    const backfilling: IndexStatus = {
      state: "backfilling",
      syncedAt: START,
      backfill: { indexed: 20, estimate: 40, remainingMs: null },
      reason: null,
      heldFrom: START - 3_600_000,
    };
    const statuses = async (keys: readonly string[]) =>
      new Map(keys.map((key) => [key, key === "beta" ? backfilling : FOLLOWING]));
    const partly = all({ index: { ...common().index, statuses } });
    expect((await planOf(await allPlan("", partly))).missing).toEqual(["beta"]);
    // Over the last half hour, what beta's backfill holds already: nothing missing.
    const recent = `?timestamp_occured_gte=${START - 1_800_000}`;
    expect((await planOf(await allPlan(recent, partly))).missing).toBeUndefined();
    expect((await planOf(await allPlan(""))).missing).toBeUndefined();
  });

  it("plans and writes a deployment's search or several values from the index", async () => {
    expect(await planOf(await plan("?q=powershell"))).toEqual({
      total: 15,
      cap: 100_000,
      gte: null,
      lte: START,
      source: "index",
    });
    const searched = await download(`?q=powershell&format=csv&id=${id()}`);
    expect(searched.status).toBe(200);
    expect(fileName(searched)).toMatch(/^acme-alarms-search-powershell-\S+Z\.csv$/);
    expect(searched.headers.get("X-Export-Total")).toBe("15");
    const rows = csvRows(await searched.text());
    expect(rows).toHaveLength(15);
    expect(rows.every((row) => row.deployment === "acme")).toBe(true);

    const several = "?status=open&status=closed&sort=priority,asc&range=24h";
    const planned = await planOf(await plan(several));
    expect(planned.total).toBe(20);
    expect(planned.lte - planned.gte!).toBe(24 * 3_600_000);
    const written = await download(`${several}&format=ndjson&id=${id()}`);
    const lines = (await written.text()).trimEnd().split("\n");
    const alarms = lines.map((line) => JSON.parse(line) as { status: string; priority: number });
    expect(alarms).toHaveLength(20);
    expect(alarms.every((alarm) => alarm.status !== "in_review")).toBe(true);
    const priorities = alarms.map((alarm) => alarm.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
  });

  it("says a search over the cap holds more than it; filters alone are counted whole", async () => {
    const capped = await planOf(await plan("?q=powershell", own({ cap: 10 })));
    expect(capped).toMatchObject({ total: 11, cap: 10, totalIsLowerBound: true });
    const exact = await planOf(await plan("?status=open&status=closed", own({ cap: 10 })));
    expect(exact.total).toBe(20);
    expect(exact.totalIsLowerBound).toBeUndefined();
  });

  it("exports the queue of every deployment the analyst may see, or those it names", async () => {
    expect((await planOf(await allPlan(""))).total).toBe(50);
    expect((await planOf(await allPlan("?deployments=beta&q=powershell"))).total).toBe(10);
    const every = await allDownload(`?sort=priority,desc&format=csv&id=${id()}`);
    expect(every.status).toBe(200);
    expect(fileName(every)).toMatch(/^all-deployments-alarms-by-priority-desc-\S+Z\.csv$/);
    const rows = csvRows(await every.text());
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.deployment))).toEqual(new Set(["acme", "beta"]));

    const named = await allDownload(`?deployments=Beta,acme&status=open&format=json&id=${id()}`);
    expect(fileName(named)).toMatch(/^deployments-acme-beta-alarms-status-open-\S+Z\.json$/);
    const alarms = JSON.parse(await named.text()) as { deployment: string; status: string }[];
    expect(alarms).toHaveLength(17);
    expect(alarms.every((alarm) => alarm.status === "open")).toBe(true);
  });

  it("accepts and ignores a place in the queue and a grouping copied with its link", async () => {
    const plain = await planOf(await allPlan("?status=open"));
    const copied = await planOf(
      await allPlan("?status=open&cursor=abc&group=strategy,bogus&Group_Sort=last&page=3&size=50"),
    );
    expect(copied).toEqual(plain);
  });

  it("refuses what is wrong with a 400 naming the parameter, before anything is read", async () => {
    for (const [search, param] of [
      ["?deployments=hidden", "deployments"],
      ["?deployments=acme,nope", "deployments"],
      ["?deployments=acme&deployments=beta", "deployments"],
      ["?q=user:(alice", "q"],
      ["?q=(", "q"],
      ["?sort=priority,sideways", "sort"],
      ["?tz=Mars/Olympus", "tz"],
      ["?status=bogus", "status"],
      ["?bogus=1", "bogus"],
    ] as const) {
      for (const response of [
        await allPlan(search),
        await allDownload(`${search}&format=csv&id=${id()}`),
      ]) {
        expect(response.status, search).toBe(400);
        expect(await errorOf(response), search).toMatchObject({ code: "invalid_request", param });
      }
    }
    for (const [search, param] of [
      ["?q=powershell&format=xls&id=abcdefgh1", "format"],
      ["?q=powershell&format=csv", "id"],
      ["?q=(&format=csv&id=abcdefgh1", "q"],
    ] as const) {
      for (const response of [await download(search), await allDownload(search)]) {
        expect(response.status, search).toBe(400);
        expect((await errorOf(response))?.param, search).toBe(param);
      }
    }
  });

  it.runIf(engine === "postgres")(
    "answers 503 index_unavailable while PostgreSQL is down, and fails a download it stops",
    async () => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      vi.spyOn(console, "log").mockImplementation(() => undefined);
      const runningId = id();
      const running = await allDownload(`?format=csv&id=${runningId}`);
      expect(running.status).toBe(200);
      const reader = running.body!.getReader();
      await reader.read();
      await server()!.stop();
      try {
        for (const response of [
          await plan("?q=powershell"),
          await download(`?status=open&status=closed&format=csv&id=${id()}`),
          await allPlan(""),
          await allDownload(`?format=csv&id=${id()}`),
        ]) {
          expect(response.status).toBe(503);
          const error = await errorOf(response);
          expect(error?.code).toBe("index_unavailable");
          expect(error?.message).not.toMatch(/127\.0\.0\.1|postgres:\/\/|select /i);
        }
        // The download under way fails rather than ending as if whole.
        await expect(async () => {
          for (;;) if ((await reader.read()).done) break;
        }).rejects.toThrow();
        await expect
          .poll(async () => (await exportProgress(runningId, alice, store)).state)
          .toBe("failed");
        const { message } = await exportProgress(runningId, alice, store);
        expect(message).not.toMatch(/127\.0\.0\.1|postgres:\/\/|select /i);
      } finally {
        await server()!.start();
        vi.restoreAllMocks();
      }
      await expect.poll(async () => (await allPlan("")).status, { timeout: 10_000 }).toBe(200);
    },
  );
});
