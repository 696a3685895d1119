import "server-only";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

// PGlite has no lock of its own, and two processes opening one directory both succeed and
// silently lose rows. This lock file keeps the directory to one process: created exclusively
// (O_EXCL) with our pid in it; a lock whose process is gone (a crash) is taken over; a live
// holder's makes the second opener fail at once with a message saying who holds it.

export class IndexLockedError extends Error {
  override name = "IndexLockedError";
  constructor(
    message: string,
    /** The process that holds the directory, when known. */
    readonly holder: number | null = null,
  ) {
    super(message);
  }
}

export interface DirectoryLock {
  readonly path: string;
  /** Lets the directory go (only if the lock file is still ours). */
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

// The lock files this process holds (every module instance of it meets the same set): a lock
// file with our pid is ours from a process before this one (a restart with the same pid, as in
// a container) unless this set has it.
const KEY = Symbol.for("alarm-console.directory-locks");
const held: Set<string> = ((globalThis as { [KEY]?: Set<string> })[KEY] ??= new Set());

function inUse(dir: string, pid: number): IndexLockedError {
  return new IndexLockedError(
    `the index directory ${dir} is in use by process ${pid}; ` +
      "PGlite can be opened by one process only: stop it, give this one its own INDEX_DIR, " +
      "or share a PostgreSQL server (DATABASE_URL)",
    pid,
  );
}

/** Takes `dir`'s lock for this process, or throws an IndexLockedError naming the holder. */
export function lockDirectory(dir: string, pid = process.pid): DirectoryLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "console.lock");
  if (held.has(path)) throw inUse(dir, pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      held.add(path);
      return {
        path,
        release: () => {
          if (!held.delete(path)) return;
          if (holderOf(path) === pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(path);
      if (holder !== null && holder !== pid && alive(holder)) throw inUse(dir, holder);
      // Stale (its process is gone) or ours from before: take it over.
      rmSync(path, { force: true });
    }
  }
  throw new IndexLockedError(`the index directory ${dir} could not be locked`);
}
