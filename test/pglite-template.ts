// For suites on PGlite: an in-memory database already migrated. PGlite's start and the
// migrations took 4 to 13 s a suite on CI's two cores (measured with the unit run going), about
// 45 times a run; a migrated data directory, dumped once per version of the migrations into the
// OS's temp directory, is loaded instead.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type ConsoleDatabase } from "@/lib/server/db";

function templatePath(): string {
  const root = join(import.meta.dirname, "..");
  const hash = createHash("sha256").update(readFileSync(join(root, "lib/server/db/migrations.ts")));
  // One file a migration: each is part of the template's version.
  const folder = join(root, "lib/server/db/migrations");
  for (const name of readdirSync(folder).sort()) hash.update(readFileSync(join(folder, name)));
  const key = hash
    .update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")))
    .digest("hex")
    .slice(0, 16);
  return join(tmpdir(), `alarm-console-pglite-${key}.tar`);
}

/** A fresh in-memory PGlite at the latest migration. */
export async function openTestPglite(): Promise<ConsoleDatabase> {
  const file = templatePath();
  if (existsSync(file)) {
    return openDatabase({ dir: "memory://", loadDataDir: new Blob([readFileSync(file)]) });
  }
  const database = await openDatabase({ dir: "memory://" });
  const dump = await database.dumpDataDir!();
  // Written whole, then renamed: a suite in another worker never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return database;
}
