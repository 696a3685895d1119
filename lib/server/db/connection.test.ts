import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { openDatabase } from "./connection";
import { IndexLockedError, lockDirectory } from "./lock";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "alarm-console-index-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describeEachEngine("The database", ({ database }) => {
  it("has every table of the index and of the team's triage after the migrations, and migrating again changes nothing", async () => {
    const { db } = database();
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%' order by 1`.execute(db);
    expect(tables.rows.map((row) => row.name)).toEqual([
      "alarm_addresses",
      "alarm_docs",
      "alarm_entities",
      "alarm_words_known",
      "alarms",
      "analysts",
      "index_sync",
      "label_jobs",
      "saved_views",
      "triage_alarms",
      "triage_audit",
      "triage_notes",
      "view_defaults",
    ]);
    const { migrateToLatest } = await import("./migrations");
    await expect(migrateToLatest(db)).resolves.toBeUndefined();
  });

  it("reads epoch-ms times and counts back as numbers", async () => {
    const { db } = database();
    await db
      .insertInto("index_sync")
      .values({
        deployment: "acme",
        state: JSON.stringify({ phase: "x" }),
        updated_at: 1_764_000_000_123,
      })
      .execute();
    const row = await db
      .selectFrom("index_sync")
      .select((eb) => ["updated_at", eb.fn.countAll().as("n")])
      .groupBy("updated_at")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ updated_at: 1_764_000_000_123, n: 1 });
  });
});

it("keeps PGlite's data in its directory across a restart", async () => {
  const dir = tempDir();
  const first = await openDatabase({ dir });
  await first.db
    .insertInto("index_sync")
    .values({ deployment: "acme", state: "{}", updated_at: 1 })
    .execute();
  await first.close();
  const second = await openDatabase({ dir });
  const rows = await second.db.selectFrom("index_sync").select("deployment").execute();
  await second.close();
  expect(rows).toEqual([{ deployment: "acme" }]);
});

it("refuses a second opener of a PGlite directory, naming the process that holds it", async () => {
  const dir = tempDir();
  const first = await openDatabase({ dir });
  try {
    await expect(openDatabase({ dir })).rejects.toThrow(IndexLockedError);
    await expect(openDatabase({ dir })).rejects.toThrow(`in use by process ${process.pid}`);
  } finally {
    await first.close();
  }
  // Let go at close: the next opener gets it.
  const again = await openDatabase({ dir });
  await again.close();
});

it("refuses a directory another live process holds, and takes over one whose process is gone", async () => {
  const dir = tempDir();
  const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  try {
    writeFileSync(join(dir, "console.lock"), `${other.pid}\n`);
    expect(() => lockDirectory(dir)).toThrow(`process ${other.pid}`);
  } finally {
    other.kill("SIGKILL");
    await new Promise((resolve) => other.once("exit", resolve));
  }
  // Its holder is gone (a crash): the lock is stale and is taken over.
  const lock = lockDirectory(dir);
  expect(readFileSync(lock.path, "utf8").trim()).toBe(String(process.pid));
  lock.release();
});
