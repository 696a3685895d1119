// A real PostgreSQL server for the tests, on a free loopback port, started and stopped by the test
// itself (Debian's `postgresql`; .ci/run installs it): `initdb` into a temporary directory, then
// `postgres` with fsync off (a test's data need not survive a power cut). initdb refuses to run
// as root: as root, the server runs as the `postgres` user the package creates.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

export interface PostgresServer {
  /** postgres://… of the server's `postgres` database. */
  url: string;
  port: number;
  /** A new, empty database on the server; its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (immediate shutdown) and resolves when the port is free. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with its data. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  close(): Promise<void>;
}

/** The directory of PostgreSQL's server binaries: on the PATH, or Debian's versioned one. */
export function postgresBinaries(): string | null {
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (onPath.status === 0 && onPath.stdout.trim())
    return join(realpathSync(onPath.stdout.trim()), "..");
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

/**
 * Skip the PostgreSQL half of a suite only where the server is missing and this is not CI; in CI
 * (where .ci/run installs it) a missing server is a failure, never a silent skip.
 */
export function postgresTestsEnabled(): boolean {
  if (postgresBinaries()) return true;
  if (process.env.CI) throw new Error("postgresql is not installed: .ci/run installs it");
  console.warn("postgresql is not installed: the PostgreSQL half of the suites is skipped");
  return false;
}

const asRoot = process.getuid?.() === 0;

/** Runs `command` as the server's user (postgres, when we are root). */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function ready(bin: string, port: number): Promise<boolean> {
  if (!(await answers(port))) return false;
  const probe = spawnSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port)]);
  return probe.status === 0;
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`postgres: ${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface PostgresOptions {
  /**
   * A directory that keeps the server's data between runs (the bench's 1M alarms): created and
   * initialised when new, reused when it already holds a cluster, never removed by close().
   */
  keepIn?: string;
}

export async function startPostgresServer(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("postgresql is not installed");
  const port = await freePort();
  const dir = options.keepIn ?? mkdtempSync(join(tmpdir(), "alarm-console-pg-"));
  mkdirSync(dir, { recursive: true });
  if (asRoot) chownSync(dir, uid("postgres"), gid("postgres"));
  const data = join(dir, "data");
  if (!existsSync(join(data, "PG_VERSION"))) initialise(bin, data);
  return started(bin, dir, data, port, options.keepIn !== undefined);
}

/**
 * A new cluster in `data`: a copy of one initialised once per run and version (initdb took 3 s
 * a server on CI's two cores, and a run starts about forty; a copy takes under one).
 */
function initialise(bin: string, data: string): void {
  const template = join(
    tmpdir(),
    `alarm-console-pg-template-${bin.replace(/[^A-Za-z0-9]+/g, "-")}`,
  );
  if (!existsSync(join(template, "PG_VERSION"))) {
    const partial = `${template}-${process.pid}-${Date.now()}`;
    mkdirSync(partial, { recursive: true });
    if (asRoot) chownSync(partial, uid("postgres"), gid("postgres"));
    initdb(bin, join(partial, "data"));
    // Renamed whole: a server started meanwhile by another worker never copies half of one.
    try {
      renameSync(join(partial, "data"), template);
    } catch {
      // another worker's came first: use it
    }
    rmSync(partial, { recursive: true, force: true });
  }
  const copy = spawnSync("cp", ["-a", template, data], { encoding: "utf8" });
  if (copy.status !== 0) throw new Error(`copying the initialised cluster failed: ${copy.stderr}`);
}

function initdb(bin: string, data: string): void {
  const [initdb, initArgs] = asServerUser(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-sync",
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
}

async function started(bin: string, dir: string, data: string, port: number, kept: boolean) {
  let child: ChildProcess | undefined;
  const start = async () => {
    const [postgres, args] = asServerUser(join(bin, "postgres"), [
      "-D",
      data,
      "-p",
      String(port),
      "-h",
      "127.0.0.1",
      "-k",
      dir,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ]);
    child = spawn(postgres, args, { stdio: "ignore" });
    await waitFor(() => ready(bin, port), "did not answer");
  };
  // Immediate (SIGQUIT) for a test's outage; fast (SIGINT, a checkpoint first) for kept data: with
  // synchronous_commit off an immediate stop loses the last commits.
  const stop = async (signal: "SIGQUIT" | "SIGINT" = "SIGQUIT") => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    // SIGQUIT to the runuser wrapper does not reach postgres: signal the server by its pid file.
    const pid = spawnSync("sh", ["-c", `head -1 '${join(data, "postmaster.pid")}'`], {
      encoding: "utf8",
    }).stdout.trim();
    if (/^\d+$/.test(pid)) process.kill(Number(pid), signal);
    else running.kill(signal);
    await exited;
    await waitFor(async () => !(await answers(port)), "still answers");
  };

  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let created = 0;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${++created}`) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/[^a-z0-9_]/gi, "")}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    start,
    stop: () => stop(),
    async close() {
      await stop(kept ? "SIGINT" : "SIGQUIT");
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uid(user: string): number {
  return Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
}

function gid(user: string): number {
  return Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
}
