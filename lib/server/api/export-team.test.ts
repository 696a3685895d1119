import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeEach, expect, it } from "vitest";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { MemoryStore } from "@/lib/server/store/memory";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import { NO_ACTIVITY_FILTERS } from "@/lib/shared/triage/audit";
import { readActivity } from "@/lib/server/triage/activity";
import {
  analystByHandle,
  forgetRecordedAnalysts,
  recordAnalyst,
} from "@/lib/server/triage/analysts";
import { addNote, setAcknowledged, setOwner } from "@/lib/server/triage/triage";
import { closeAlarmRow } from "@/lib/server/triage/verdicts";
import { testAnalyst } from "@/test/analyst";
import { indexOnlyRegistry, simulatedDeployment } from "@/test/deployment-config";
import {
  CREDS,
  EXPORT_ANCHOR,
  csvRows,
  exportClient,
  exportSimulator,
} from "@/test/export-support";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { allExportDownload, exportDownload, type ExportContext } from "./export-routes";
import { respond } from "./route";

// An export carries the team's columns and is audited (issue 37), on both engines and from both
// sources: the index (a search; the queue of every deployment) and the upstream (the simulator).
// The team's state comes from the console's database either way; each alarm links to its detail
// on the console's own origin; the trail names who exported which view, the format and the rows.

const T = 1_764_000_000_000;
const START = T + 60_000;
const ORIGIN = "https://console.example.org";
const alice = testAnalyst("local:alice", { name: "Alice Archer" });
const bob = testAnalyst("local:bob", { name: "Bob Baker" });
const ALICE = { id: alice.id, handle: "alice", name: "Alice Archer" };
const BOB = { id: bob.id, handle: "bob", name: "Bob Baker" };
const FOLLOWING: IndexStatus = {
  state: "following",
  syncedAt: START,
  backfill: null,
  reason: null,
};
const world = exportSimulator();

describeEachEngine("The team's columns of an export, and its audit", ({ database, engine }) => {
  let acme = "";
  beforeEach(async () => {
    acme = `acme-${randomUUID().slice(0, 8)}`;
    forgetRecordedAnalysts();
    await recordAnalyst(database().db, alice, T);
    await recordAnalyst(database().db, bob, T);
  });

  /** Bob owns `uuid`, Alice acknowledged it, Bob noted it twice and closed it: false positive. */
  async function triage(deployment: string, uuid: string) {
    const { db } = database();
    const alarm = { deployment, uuid };
    const bobKnown = await analystByHandle(db, "bob");
    await setOwner(db, alarm, BOB, bobKnown, T);
    await setAcknowledged(db, alarm, ALICE, true, T + 1_000);
    await addNote(db, alarm, BOB, "a scanner", T + 1_500);
    await addNote(db, alarm, BOB, "INC-4711", T + 1_600);
    const closing = { verdict: "false_positive" as const, reason: "scanner", duplicateOf: null };
    await closeAlarmRow(db, alarm, BOB, closing, {}, T + 2_000);
  }

  let ids = 0;
  const context = (deployment: ExportContext["deployment"], call: ExportContext["call"]) => ({
    analyst: alice,
    visible: [deployment.key],
    store: new MemoryStore(),
    now: START,
    cap: 40,
    deployment,
    call,
    database: async () => ({ ok: true as const, database: database() }),
    origin: ORIGIN,
    tuning: { pageSizes: [25] },
    index: {
      database: database(),
      statuses: async (keys: readonly string[]) => new Map(keys.map((key) => [key, FOLLOWING])),
    },
  });
  const download = (path: string, run: (request: NextRequest) => Promise<Response>) =>
    respond("GET export", () =>
      run(new NextRequest(`http://app.test/api/d/${path}&format=csv&id=team-${engine}-${++ids}`)),
    );

  const exported = async (deployment: string) =>
    (
      await readActivity(
        database().db,
        { visible: [deployment] },
        { ...NO_ACTIVITY_FILTERS, action: ["exported"] },
      )
    ).events;

  it("writes the team's columns and links from the index, and audits the export", async () => {
    const alarms = Array.from({ length: 3 }, (_, i) =>
      indexedAlarm({ deployment: acme, occurredAt: T - i * 1_000 }, { rawText: "powershell" }),
    );
    await ingestAlarms(database().db, acme, alarms, 1);
    const target = alarms[1]!.summary.uuid;
    await triage(acme, target);
    const deployment = indexOnlyRegistry([acme]).all()[0]!;
    const own = context(deployment, { analyst: alice.id, client: null as never });
    const response = await download(`${acme}/alarms/export?q=powershell`, (request) =>
      exportDownload(request, own),
    );
    expect(response.status).toBe(200);
    const rows = csvRows(await response.text());
    expect(rows).toHaveLength(3);
    const row = rows.find((one) => one.uuid === target)!;
    expect(row).toMatchObject({
      owner: "bob",
      acknowledged_by: "alice",
      acknowledged_at_utc: new Date(T + 1_000).toISOString(),
      verdict: "false_positive",
      closed_by: "bob",
      closed_at_utc: new Date(T + 2_000).toISOString(),
      note_count: "2",
      console_link: `${ORIGIN}/d/${acme}/alarms/${target}`,
    });
    const other = rows.find((one) => one.uuid !== target)!;
    expect(other).toMatchObject({ owner: "", verdict: "", note_count: "0" });
    expect(other.console_link).toBe(`${ORIGIN}/d/${acme}/alarms/${other.uuid}`);
    const [event] = await exported(acme);
    expect(event).toMatchObject({
      analyst: "alice",
      deployment: acme,
      uuid: null,
      after: { view: `/d/${acme}/alarms?q=powershell`, format: "csv", rows: 3, state: "completed" },
    });
    // The queue's export of the same: audited on "all", with the deployments it covered.
    const all = await download(`all/alarms/export?q=powershell`, (request) =>
      allExportDownload(request, own),
    );
    expect(csvRows(await all.text())).toHaveLength(3);
    const [queue] = (
      await readActivity(
        database().db,
        { visible: [acme] },
        { ...NO_ACTIVITY_FILTERS, deployment: ["all"] },
      )
    ).events;
    expect(queue).toMatchObject({ deployment: "all", after: { deployments: [acme], rows: 3 } });
  });

  it("writes the team's columns from the console's database on an export read from the upstream", async () => {
    const deployment = new DeploymentRegistry(
      [simulatedDeployment(acme, world.sim, CREDS)],
      () => world.client,
    ).all()[0]!;
    const own = {
      ...context(deployment, { analyst: alice.id, client: exportClient(world.sim.url) }),
    };
    own.now = EXPORT_ANCHOR;
    const first = csvRows(
      await (
        await download(`${acme}/alarms/export?status=open`, (r) => exportDownload(r, own))
      ).text(),
    );
    expect(first.length).toBeGreaterThan(1);
    // The upstream's alarms are the client's deployment's ("acme" in the simulator's client).
    const { uuid, deployment: key } = first[0]!;
    await triage(key, uuid);
    const again = csvRows(
      await (
        await download(`${acme}/alarms/export?status=open`, (r) => exportDownload(r, own))
      ).text(),
    );
    expect(again[0]).toMatchObject({
      uuid,
      owner: "bob",
      verdict: "false_positive",
      note_count: "2",
      console_link: `${ORIGIN}/d/${key}/alarms/${uuid}`,
    });
    expect(again[1]).toMatchObject({ owner: "", verdict: "" });
    const events = await exported(acme);
    expect(events.map((event) => (event.after as { rows: number; state: string }).state)).toEqual([
      "capped",
      "capped",
    ]);
  });
});
