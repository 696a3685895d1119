import { expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { readIndex } from "@/lib/server/search/read-index";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { readLiveWindow } from "@/lib/server/search/live-read";

// A live watch's window of the index as large as LIVE_WINDOW allows (up to 1,000), on both
// engines: PGlite 0.5 reads a list of more than about 260 keys wrongly ("bad buffer ID: 0" in a
// transaction, nothing outside one), so the window's rows are looked up a part at a time.

const T = Date.UTC(2026, 10, 20, 12);

describeEachEngine("A live window of the index", ({ database }) => {
  it("reads a window of 1,000 across two deployments, newest first, in the read transaction", async () => {
    const { db } = database();
    for (const deployment of ["acme", "globex"]) {
      const alarms = Array.from({ length: 600 }, (_, i) =>
        indexedAlarm({ deployment, occurredAt: T - i * 60_000 - (deployment === "acme" ? 0 : 1) }),
      );
      await ingestAlarms(db, deployment, alarms, T);
    }
    const window = await readIndex(
      database(),
      (tx) =>
        readLiveWindow(
          tx,
          { deployments: ["acme", "globex"], search: null, query: DEFAULT_QUERY },
          T,
          1_000,
        ),
      { analyst: null },
    );
    expect(window.alarms).toHaveLength(1_000);
    const times = window.alarms.map((alarm) => alarm.occurredAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(window.alarms.map((alarm) => alarm.deployment))).toEqual(
      new Set(["acme", "globex"]),
    );
  });
});
