// A real redis-server for the tests, on a free loopback port, started and stopped by the test
// itself (Debian's `redis-server`; .ci/run installs it). Nothing is saved to disk, unless asked
// to persist (an append-only file, synced at every write, in a temporary folder): then a crash
// and restart keeps the data, as a production Redis with persistence would.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: as abrupt as a crash) and resolves when the port is free. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty, unless it persists). */
  start(): Promise<void>;
  /** Stops it for good and removes what it persisted. */
  close(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

/** True when `redis-server` is on the PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Skip the Redis half of a suite only where redis-server is missing and this is not CI; in CI
 * (where .ci/run installs it) a missing server is a failure, never a silent skip.
 */
export function redisTestsEnabled(): boolean {
  if (hasRedisServer()) return true;
  if (process.env.CI) throw new Error("redis-server is not installed: .ci/run installs it");
  console.warn("redis-server is not installed: the Redis half of the store tests is skipped");
  return false;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(500);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`redis-server: ${what} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startRedisServer(options: { persist?: boolean } = {}): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const dir = options.persist ? mkdtempSync(join(tmpdir(), "alarm-console-redis-")) : undefined;
  const persistence = dir
    ? ["--appendonly", "yes", "--appendfsync", "always", "--dir", dir]
    : ["--appendonly", "no"];

  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence],
      { stdio: "ignore" },
    );
    await waitFor(() => answers(port), "did not answer");
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
    await waitFor(async () => !(await answers(port)), "still answers");
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      child?.kill("SIGCONT");
      await stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
  };
}
