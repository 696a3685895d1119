import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/lib/server/db";
import { forgetRecordedAnalysts, recordAnalyst } from "@/lib/server/triage/analysts";
import { exportTriage } from "@/lib/server/triage/transfer";
import { readTriage } from "@/lib/server/triage/read";
import { addNote, setAcknowledged } from "@/lib/server/triage/triage";
import { testUuid } from "@/test/indexed-alarm";
import { openTestPglite } from "@/test/pglite-template";
import { postgresTestsEnabled, startPostgresServer } from "@/test/postgres-server";
import { actor, alice, T } from "@/test/triage-team";

// The command line itself, as an operator runs it (tsx, as package.json does): export from a
// PGlite directory, import the file redirected to stdin (`< triage.ndjson`) into another and into
// PostgreSQL, and the message when the console holds the directory.

const REPO = fileURLToPath(new URL("..", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "alarm-console-triage-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The console's database the command runs on: a PGlite directory, or a PostgreSQL server. */
type Target = { dir: string } | { databaseUrl: string };

/** Runs the command on `target`, with the file `input` as its stdin as the shell's `<` gives it. */
function cli(target: Target, args: string[], input?: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.INDEX_DIR;
  if ("dir" in target) env.INDEX_DIR = target.dir;
  else env.DATABASE_URL = target.databaseUrl;
  const stdin = input === undefined ? "ignore" : openSync(input, "r");
  const child = spawn(
    join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", join("scripts", "triage.ts"), ...args],
    { cwd: REPO, env, stdio: [stdin, "pipe", "pipe"] },
  );
  if (typeof stdin === "number") closeSync(stdin);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

const alarm = { deployment: "acme", uuid: testUuid() };
const from = join(root, "from");
// Each run starts tsx and PGlite (a new directory: its migrations too), seconds apiece on a busy
// machine.
const SLOW = 180_000;

it(
  "exports a directory's triage and imports it into another",
  async () => {
    const source = await openDatabase({ dir: from });
    await recordAnalyst(source.db, alice, T);
    await addNote(source.db, alarm, actor(alice), "checked the host", T);
    await setAcknowledged(source.db, alarm, actor(alice), true, T + 1);
    const expected = await readTriage(source.db, alarm);
    await source.close();

    const exported = await cli({ dir: from }, ["export"]);
    expect(exported.stderr).toMatch(
      /^exported 1 analysts, 1 triage_alarms, 1 triage_notes, 2 triage_audit/,
    );
    expect(exported.code).toBe(0);
    expect(exported.stdout.split("\n")[0]).toMatch(
      /^\{"format":"alarm-console-triage","version":2,/,
    );

    const file = join(root, "triage.ndjson");
    writeFileSync(file, exported.stdout);
    const to = join(root, "to");
    const imported = await cli({ dir: to }, ["import"], file);
    expect(imported.stderr).toMatch(
      /^imported 1 analysts, 1 triage_alarms, 1 triage_notes, 2 triage_audit/,
    );
    expect(imported.code).toBe(0);
    // (A file named instead of stdin, a second import that changes nothing, the audit's range
    // and a bad header are the args' and the transfer's own tests: each run here costs seconds
    // of tsx and PGlite.)

    const target = await openDatabase({ dir: to });
    try {
      expect(await readTriage(target.db, alarm)).toEqual(expected);
    } finally {
      await target.close();
    }
  },
  SLOW,
);

// A file on stdin is there at once: it was read while the import's transaction was opening and
// its lines dropped before the import listened ("the input is empty"), always on PostgreSQL.
it.runIf(postgresTestsEnabled())(
  "imports into PostgreSQL an export redirected to stdin from a file",
  async () => {
    const source = await openTestPglite();
    const mine = { deployment: "acme", uuid: testUuid() };
    let text = "";
    let expected: Awaited<ReturnType<typeof readTriage>>;
    try {
      forgetRecordedAnalysts();
      await recordAnalyst(source.db, alice, T);
      await addNote(source.db, mine, actor(alice), "moved to the server", T);
      expected = await readTriage(source.db, mine);
      await exportTriage(source.db, (line) => {
        text += line;
      });
    } finally {
      await source.close();
    }
    const file = join(root, "to-postgres.ndjson");
    writeFileSync(file, text);

    const server = await startPostgresServer();
    try {
      const databaseUrl = await server.createDatabase();
      const imported = await cli({ databaseUrl }, ["import"], file);
      expect(imported.stderr).toMatch(
        /^imported 1 analysts, 1 triage_alarms, 1 triage_notes, 1 triage_audit/,
      );
      expect(imported.code).toBe(0);
      const target = await openDatabase({ databaseUrl });
      try {
        expect(await readTriage(target.db, mine)).toEqual(expected);
      } finally {
        await target.close();
      }
    } finally {
      await server.close();
    }
  },
  SLOW,
);

it(
  "fails in one line, without a stack, while the console holds the directory",
  async () => {
    const running = await openDatabase({ dir: from });
    try {
      const held = await cli({ dir: from }, ["export"]);
      expect(held.code).toBe(1);
      expect(held.stdout).toBe("");
      expect(held.stderr).toBe(
        `triage:export: the embedded index (INDEX_DIR) is in use by another process (process ${process.pid}), ` +
          "most likely the console: PGlite opens in one process only. Stop the console and run this " +
          "again, or run the console on a PostgreSQL server (DATABASE_URL) and run this with the same DATABASE_URL\n",
      );
    } finally {
      await running.close();
    }
  },
  SLOW,
);
