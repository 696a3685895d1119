import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import { ExportProgressStore } from "@/lib/server/export/progress";
import { exportCancel, exportProgress } from "@/lib/server/api/export-routes";
import { startExport } from "@/lib/server/export/stream";
import { testAnalyst } from "@/test/analyst";
import {
  EXPORT_ANCHOR,
  csvRows,
  exportRequest,
  exportSimulator,
  runExport,
} from "@/test/export-support";

// Stopping an export, against the real simulator over HTTP: the analyst's Cancel and a closed
// download stop the upstream reads; nobody else can see or stop an analyst's export.

const world = exportSimulator();
const { alarmReads } = world;

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
    const request = exportRequest(world.client, {
      store,
      analyst: alice.id,
      startedAt: EXPORT_ANCHOR,
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
    const request = exportRequest(world.client, {
      store,
      signal: download.signal,
      startedAt: EXPORT_ANCHOR,
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
    const request = exportRequest(world.client, {
      store,
      analyst: alice.id,
      startedAt: EXPORT_ANCHOR,
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
    const request = exportRequest(world.client, { store, startedAt: EXPORT_ANCHOR, cap: 10 });
    await runExport(request);
    const error = await startExport(request).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe("invalid_request");
    expect((error as ApiError).param).toBe("id");
  });
});

describe("how many exports run at once", () => {
  it("an analyst starting five together gets three, and the others still get theirs", async () => {
    const downloads: AbortController[] = [];
    const start = (analyst: string) => {
      const download = new AbortController();
      downloads.push(download);
      const request = { analyst, signal: download.signal, pageSizes: [100] };
      return startExport(exportRequest(world.client, { ...request, startedAt: EXPORT_ANCHOR }));
    };
    try {
      const alices = await Promise.allSettled(
        Array.from({ length: 5 }, () => start("local:alice")),
      );
      expect(alices.filter((result) => result.status === "fulfilled")).toHaveLength(3);
      for (const result of alices.filter((each) => each.status === "rejected")) {
        expect(result.reason).toMatchObject({
          code: "rate_limited",
          message: "You have 3 exports running; wait for one to finish or cancel it.",
        });
      }
      expect((await start("local:bob")).status).toBe(200);
      // One of Alice's downloads closed: she may start another.
      downloads[0]!.abort();
      expect((await start("local:alice")).status).toBe(200);
    } finally {
      for (const download of downloads) download.abort();
    }
  });
});
