import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import { type UsmClient } from "@/lib/server/usm";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ExportProgressStore } from "@/lib/server/export/progress";
import { exportCancel, exportProgress } from "@/lib/server/api/export-routes";
import { startExport } from "@/lib/server/export/stream";
import { testAnalyst } from "@/test/analyst";
import { CREDS, csvRows, exportClient, exportRequest, runExport } from "@/test/export-support";

// Stopping an export, against the real simulator over HTTP: the analyst's Cancel and a closed
// download stop the upstream reads; nobody else can see or stop an analyst's export.

const ANCHOR = Date.UTC(2026, 10, 1, 12, 0, 0);
let sim: RunningSimulator;
let client: UsmClient;

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    alarms: 5000,
    seed: 13,
    anchor: ANCHOR,
    clients: [CREDS],
    rateLimit: false,
  });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  client = exportClient(sim.url);
});

const alarmReads = () => sim.stats().byRoute.alarms;

describe("stopping an export", () => {
  /** Reads the body until it ends or fails; resolves with the error, or null for a whole file. */
  async function drain(body: ReadableStream<Uint8Array>, afterChunk: (n: number) => Promise<void>) {
    const reader = body.getReader();
    try {
      for (let n = 1; ; n++) {
        const { done } = await reader.read();
        if (done) return null;
        await afterChunk(n);
      }
    } catch (error) {
      return error;
    }
  }

  it("the analyst's Cancel (DELETE) stops the upstream reads and fails the download", async () => {
    const store = new MemoryStore();
    const alice = testAnalyst("local:alice");
    const request = exportRequest(client, {
      store,
      analyst: alice.id,
      startedAt: ANCHOR,
      pageSizes: [100],
      cancelPollMs: 10,
    });
    const response = await startExport(request);
    let readsAtCancel = 0;
    const failure = await drain(response.body!, async (n) => {
      if (n !== 3) return;
      await exportCancel(request.id, alice, true, store);
      readsAtCancel = alarmReads();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(failure).toBeInstanceOf(Error);
    const readsAtEnd = alarmReads();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alarmReads()).toBe(readsAtEnd);
    expect(readsAtEnd).toBeLessThanOrEqual(readsAtCancel + 1); // at most the read under way
    expect(readsAtEnd).toBeLessThan(10); // of the 50 a whole export would take
    expect(await exportProgress(request.id, alice, store)).toMatchObject({ state: "cancelled" });
  });

  it("closing the download stops the upstream reads", async () => {
    const download = new AbortController();
    const store = new MemoryStore();
    const request = exportRequest(client, {
      store,
      signal: download.signal,
      startedAt: ANCHOR,
      pageSizes: [100],
    });
    const response = await startExport(request);
    const failure = await drain(response.body!, async (n) => {
      if (n === 2) download.abort();
    });
    expect(failure).toBeInstanceOf(Error);
    const reads = alarmReads();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alarmReads()).toBe(reads);
    expect(reads).toBeLessThan(6);
    const progress = await new ExportProgressStore(store).get(request.analyst, request.id);
    expect(progress.state).toBe("cancelled");
  });

  it("another analyst can neither read nor cancel your export", async () => {
    const store = new MemoryStore();
    const alice = testAnalyst("local:alice");
    const bob = testAnalyst("local:bob");
    const request = exportRequest(client, {
      store,
      analyst: alice.id,
      startedAt: ANCHOR,
      cancelPollMs: 10,
    });
    const response = await startExport(request);
    for (const attempt of [
      () => exportProgress(request.id, bob, store),
      () => exportCancel(request.id, bob, true, store),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("not_found");
    }
    const rows = csvRows(await response.text());
    expect(rows).toHaveLength(5000); // Bob's Cancel did not reach Alice's export
    expect(await exportProgress(request.id, alice, store)).toMatchObject({
      state: "completed",
      rows: 5000,
      total: 5000,
    });
  });

  it("refuses a Cancel that does not come from the console's own pages", async () => {
    const alice = testAnalyst("local:alice");
    const error = await exportCancel("some-export-id", alice, false, new MemoryStore()).catch(
      (caught: unknown) => caught,
    );
    expect((error as ApiError).code).toBe("forbidden");
  });

  it("refuses an export id already in use", async () => {
    const store = new MemoryStore();
    const request = exportRequest(client, { store, startedAt: ANCHOR, cap: 10 });
    await runExport(request);
    const error = await startExport(request).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe("invalid_request");
    expect((error as ApiError).param).toBe("id");
  });
});
