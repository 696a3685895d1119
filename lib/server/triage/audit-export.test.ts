import { beforeEach, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { testUuid } from "@/test/indexed-alarm";
import { actor, alice, bob, T } from "@/test/triage-team";
import { analystByHandle, forgetRecordedAnalysts, recordAnalyst } from "./analysts";
import { exportAudit } from "./audit-export";
import { setAcknowledged, setOwner } from "./triage";

// The audit trail's export of a time range from the shell (npm run audit:export), on both engines.

describeEachEngine("Exporting the audit", ({ database }) => {
  const db = () => database().db;

  beforeEach(async () => {
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
  });

  it("exports the audit of a time range, oldest first, with who did each thing", async () => {
    const later = T + 400 * 24 * 3600_000;
    const alarm = { deployment: "initech", uuid: testUuid() };
    await setAcknowledged(db(), alarm, actor(alice), true, later);
    await setOwner(db(), alarm, actor(bob), await analystByHandle(db(), "bob"), later + 10);
    await setAcknowledged(db(), alarm, actor(bob), false, later + 20);
    let text = "";
    const count = await exportAudit(db(), { from: later, to: later + 20 }, (line) => {
      text += line;
    });
    const events = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(count).toBe(2);
    expect(events).toEqual([
      expect.objectContaining({
        at: new Date(later).toISOString(),
        analyst: { id: alice.id, handle: "alice", name: "Alice Archer" },
        deployment: "initech",
        uuid: alarm.uuid,
        action: "acknowledged",
        before: { acknowledged: false },
        after: { acknowledged: true },
      }),
      expect.objectContaining({
        at: new Date(later + 10).toISOString(),
        analyst: { id: bob.id, handle: "bob", name: "Bob Baker" },
        action: "owner",
        before: { owner: null },
        after: { owner: "bob" },
      }),
    ]);
    expect(await exportAudit(db(), { from: later + 21, to: later + 99 }, () => undefined)).toBe(0);
  });
});
