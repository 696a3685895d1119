// `npm run triage:export` / `triage:import` / `audit:export`: the team's triage moved between
// databases, and the audit trail of a time range, as NDJSON on the console's own database.
//   npm run -s triage:export > triage.ndjson
//   npm run -s triage:import < triage.ndjson        (or: npm run -s triage:import -- triage.ndjson)
//   npm run -s audit:export -- --from 2026-11-01 --to 2026-11-28 > audit.ndjson
// The data goes to stdout, what happened to stderr; an error is one line and exit code 1.
// Run with tsx --conditions=react-server (package.json), so `server-only` lets lib/server in.
import { once } from "node:events";
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { openDatabase, type ConsoleDatabase } from "@/lib/server/db";
import { IndexLockedError } from "@/lib/server/db/lock";
import { indexEnv } from "@/lib/server/env";
import { exportAudit } from "@/lib/server/triage/audit-export";
import type { WriteLine } from "@/lib/server/triage/snapshot-pages";
import { exportTriage, importTriage } from "@/lib/server/triage/transfer";
import type { RowCounts } from "@/lib/server/triage/transfer-format";
import { parseTriageArgs, UsageError, type TriageCommand } from "./triage-args";

// A reader that goes away (`| head`) ends the export with a message, not a stack trace.
let closed: Error | null = null;
process.stdout.on("error", (error) => (closed = error));
const write: WriteLine = async (line) => {
  if (closed) throw new Error("the output was closed before the end", { cause: closed });
  if (!process.stdout.write(line)) await once(process.stdout, "drain");
};

const NAMES = { export: "triage:export", import: "triage:import", audit: "audit:export" };

const counted = (counts: RowCounts) =>
  Object.entries(counts)
    .map(([table, count]) => `${count} ${table}`)
    .join(", ");

async function open(command: TriageCommand): Promise<ConsoleDatabase> {
  const { databaseUrl, dir } = indexEnv();
  if (databaseUrl) {
    return openDatabase({ databaseUrl, poolSize: 2 }).catch((cause: unknown) => {
      throw new Error("cannot open the console's database (DATABASE_URL)", { cause });
    });
  }
  // Opening a directory with no index makes an empty one: an export of it would be empty, and
  // look fine. Only an import may start a new one.
  if (command.kind !== "import" && !existsSync(join(dir, "pgdata"))) {
    throw new UsageError(
      `there is no index in ${dir}: run this where the console runs, with its INDEX_DIR (or DATABASE_URL)`,
    );
  }
  return openDatabase({ dir }).catch((cause: unknown) => {
    if (cause instanceof IndexLockedError) throw cause;
    throw new Error(`cannot open the console's database in ${dir} (INDEX_DIR)`, { cause });
  });
}

/**
 * The lines of `input`, read from when the import asks for the first. readline sets its input
 * flowing as it is made, and a line it emits before a loop listens is lost: made before the
 * import's transaction had opened, it read a file redirected to stdin while the database was
 * still answering, and the import found the file's first lines, or all of a short one, gone.
 */
async function* linesOf(input: NodeJS.ReadableStream): AsyncGenerator<string> {
  yield* createInterface({ input, crlfDelay: Infinity });
}

async function run(command: TriageCommand, database: ConsoleDatabase): Promise<string> {
  switch (command.kind) {
    case "export":
      return `exported ${counted(await exportTriage(database.db, write))}`;
    case "import": {
      if (!command.file && process.stdin.isTTY) {
        throw new UsageError("give the export: npm run -s triage:import < triage.ndjson");
      }
      const input = command.file ? createReadStream(command.file) : process.stdin;
      const { read, inserted } = await importTriage(database.db, linesOf(input));
      return `imported ${counted(inserted)} (the file has ${counted(read)}; what this database had already was kept)`;
    }
    case "audit": {
      const count = await exportAudit(database.db, command, write);
      const range = `${new Date(command.from).toISOString()} to ${new Date(command.to).toISOString()}`;
      return `exported ${count} audit events from ${range}`;
    }
  }
}

/** One line, without the password of DATABASE_URL should a message quote it. */
function oneLine(error: unknown): string {
  if (error instanceof IndexLockedError) {
    const holder = error.holder ? ` (process ${error.holder})` : "";
    return (
      `the embedded index (INDEX_DIR) is in use by another process${holder}, most likely the ` +
      "console: PGlite opens in one process only. Stop the console and run this again, or run " +
      "the console on a PostgreSQL server (DATABASE_URL) and run this with the same DATABASE_URL"
    );
  }
  const parts: string[] = [];
  for (let cause: unknown = error; cause instanceof Error && parts.length < 3;) {
    const inner: unknown[] = cause instanceof AggregateError ? cause.errors : [];
    const code = (cause as NodeJS.ErrnoException).code;
    parts.push(cause.message || code || cause.name);
    cause = cause.cause ?? inner[0];
  }
  let text = parts.join(": ") || String(error);
  for (const secret of passwords()) text = text.replaceAll(secret, "***");
  return text.replace(/:\s*\n\s*/g, ": ").replace(/\s*\n\s*/g, "; ");
}

/** DATABASE_URL's password as written in it and decoded. */
function passwords(): string[] {
  try {
    const url = indexEnv().databaseUrl;
    const password = url ? new URL(url).password : "";
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

try {
  const command = parseTriageArgs(process.argv.slice(2));
  const database = await open(command);
  try {
    console.error(await run(command, database));
  } finally {
    await database.close();
  }
} catch (error) {
  const name = NAMES[process.argv[2] as keyof typeof NAMES] ?? "triage";
  console.error(`${name}: ${oneLine(error)}`);
  process.exitCode = 1;
}
