import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/lib/server/db";
import { recordAnalyst } from "@/lib/server/triage/analysts";
import { addNote, readTriage, setAcknowledged } from "@/lib/server/triage/triage";
import { testUuid } from "@/test/indexed-alarm";
import { actor, alice, T } from "@/test/triage-team";

// The command line itself, as an operator runs it (tsx, as package.json does) on PGlite
// directories: export from one, import into another, and the message when the console holds the
// directory.

const REPO = fileURLToPath(new URL("..", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "alarm-console-triage-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(dir: string, args: string[], stdin = ""): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, INDEX_DIR: dir };
  delete env.DATABASE_URL;
  const child = spawn(
    join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", join("scripts", "triage.ts"), ...args],
    { cwd: REPO, env, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
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

    const exported = await cli(from, ["export"]);
    expect(exported.stderr).toMatch(
      /^exported 1 analysts, 1 triage_alarms, 1 triage_notes, 2 triage_audit/,
    );
    expect(exported.code).toBe(0);
    expect(exported.stdout.split("\n")[0]).toMatch(
      /^\{"format":"alarm-console-triage","version":1,/,
    );

    const to = join(root, "to");
    const piped = await cli(to, ["import"], exported.stdout);
    expect(piped.stderr).toMatch(
      /^imported 1 analysts, 1 triage_alarms, 1 triage_notes, 2 triage_audit/,
    );
    expect(piped.code).toBe(0);
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

it(
  "fails in one line, without a stack, while the console holds the directory",
  async () => {
    const running = await openDatabase({ dir: from });
    try {
      const held = await cli(from, ["export"]);
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
