import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { beforeEach, expect, it } from "vitest";
import { NO_ACTIVITY_FILTERS } from "@/lib/shared/triage/audit";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { testUuid } from "@/test/indexed-alarm";
import { activityExport, ACTIVITY_CSV_COLUMNS } from "./activity-export";
import { auditScope } from "./activity-record";
import { forgetRecordedAnalysts, recordAnalyst } from "./analysts";
import { setAcknowledged } from "./triage";

// The activity page's export on both engines, read back as a browser would download it: CSV and
// JSON lines, newest first, every page of the trail (pages smaller than the trail), each alarm's
// link on the console's origin, the actions in words, and nothing of a deployment the analyst may
// not see; rows written while it streams stay out. The trail is append-only: deployments per test.

const alice = testAnalyst("local:alice", { name: "Alice Archer" });
const ALICE = { id: alice.id, handle: "alice", name: "Alice Archer" };
const T = 1_764_000_000_000;
const ORIGIN = "https://console.example.org";

describeEachEngine("The activity's export", ({ database }) => {
  const db = () => database().db;
  let acme = "";
  let hidden = "";
  beforeEach(async () => {
    const suffix = randomUUID().slice(0, 8);
    acme = `acme-${suffix}`;
    hidden = `hidden-${suffix}`;
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
  });

  const run = (format: "csv" | "ndjson") =>
    activityExport(db(), {
      reader: { visible: [acme] },
      filters: NO_ACTIVITY_FILTERS,
      format,
      origin: ORIGIN,
      signal: new AbortController().signal,
      now: T,
      pageSize: 2,
    });

  it("streams the trail the analyst may see, page after page, as CSV and as JSON lines", async () => {
    const alarms = [testUuid(), testUuid(), testUuid()];
    for (const [i, uuid] of alarms.entries()) {
      await setAcknowledged(db(), { deployment: acme, uuid }, ALICE, true, T + i);
    }
    await setAcknowledged(db(), { deployment: hidden, uuid: testUuid() }, ALICE, true, T + 5);
    await auditScope(db(), {
      analystId: alice.id,
      scope: { deployment: acme },
      action: "exported",
      before: null,
      after: { view: `/d/${acme}/alarms`, format: "csv", rows: 12 },
      now: T + 9,
    });
    const response = await run("csv");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    // Read as a browser does; a row written after the first page was read stays out.
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = "";
    let chunks = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // The header, then the first page (the newest rows) came: the next pages lie below it.
      if ((chunks += 1) === 2) {
        await setAcknowledged(db(), { deployment: acme, uuid: testUuid() }, ALICE, true, T + 20);
      }
      body += decoder.decode(chunk.value, { stream: true });
    }
    const rows = parse(body.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...ACTIVITY_CSV_COLUMNS]);
    expect(rows.map((row) => row.description)).toEqual([
      `exported 12 alarms as CSV of /d/${acme}/alarms`,
      "acknowledged it",
      "acknowledged it",
      "acknowledged it",
    ]);
    expect(rows[1]).toMatchObject({
      analyst: "alice",
      analyst_name: "Alice Archer",
      action: "acknowledged",
      deployment: acme,
      alarm: alarms[2],
      alarm_link: `${ORIGIN}/d/${acme}/alarms/${alarms[2]}`,
      at_utc: new Date(T + 2).toISOString(),
    });
    expect(rows[0]).toMatchObject({ alarm: "", alarm_link: "" });
    const lines = (await (await run("ndjson")).text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { deployment: string; link: string | null });
    expect(lines).toHaveLength(5); // the one written since is in this later export
    expect(lines.every((line) => line.deployment === acme)).toBe(true);
  });
});
