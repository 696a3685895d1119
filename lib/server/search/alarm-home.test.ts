import { expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { deploymentsHolding } from "@/lib/server/search/alarm-home";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { readIndex } from "@/lib/server/search/read-index";

// Where a link without its deployment leads: the deployment whose index holds the alarm, among
// those the analyst may see only.

const T = Date.UTC(2026, 10, 29, 6);

describeEachEngine("The deployment holding an alarm", ({ database }) => {
  it("is found among those the analyst may see, and only there", async () => {
    const { db } = database();
    const alarm = indexedAlarm({ deployment: "globex" });
    const uuid = alarm.summary.uuid;
    await ingestAlarms(db, "acme", [indexedAlarm({ deployment: "acme" })], T);
    await ingestAlarms(db, "globex", [alarm], T);
    const holding = (allowed: string[], id = uuid) =>
      readIndex(database(), (tx) => deploymentsHolding(tx, id, allowed), { analyst: "tester" });

    expect(await holding(["acme", "globex"])).toEqual(["globex"]);
    expect(await holding(["acme", "globex"], uuid.toUpperCase()), "in any case").toEqual([
      "globex",
    ]);
    expect(await holding(["acme"]), "another's deployment is not read").toEqual([]);
    expect(await holding([])).toEqual([]);
    expect(await holding(["acme", "globex"], "00000000-0000-4000-8000-000000000000")).toEqual([]);
  });
});
