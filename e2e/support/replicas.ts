// Several production servers of the e2e build (`next start` from .next-e2e), started on free
// ports with one environment, as replicas behind a load balancer would run. Each runs in its own
// process group, stopped as a whole (next start leaves a next-server child otherwise).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@/test/free-port";
import { e2e } from "./env";

export interface Replica {
  url: string;
  /** True while its process runs (a crash would end it). */
  alive(): boolean;
}

export interface Replicas {
  replicas: Replica[];
  stop(): Promise<void>;
  /** Stops replica `index` (its whole process group) and starts it again on the same port. */
  restart(index: number): Promise<void>;
}

async function waitUntilLive(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up within 60 s`);
}

function end(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve();
    }
  });
}

/** `env` may depend on the replica's own URL (NEXTAUTH_URL for a browser signing in there). */
export async function startReplicas(
  count: number,
  env: Record<string, string> | ((url: string) => Record<string, string>),
): Promise<Replicas> {
  const children: ChildProcess[] = [];
  // Each replica's embedded index in a directory of its own (PGlite is one process's; with
  // REDIS_URL and no DATABASE_URL the replicas have none, as the console says).
  const indexDirs = Array.from({ length: count }, () =>
    mkdtempSync(join(tmpdir(), "alarm-console-e2e-index-")),
  );
  const stop = async () => {
    await Promise.all(children.map(end));
    for (const dir of indexDirs) rmSync(dir, { recursive: true, force: true });
  };
  const launch = async (index: number, port: number) => {
    const url = `http://localhost:${port}`;
    const child = spawn(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "--port", String(port)],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          NEXT_DIST_DIR: e2e.distDir,
          INDEX_DIR: indexDirs[index]!,
          ...(typeof env === "function" ? env(url) : env),
        },
        detached: true,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    children[index] = child;
    await waitUntilLive(url, child);
    return url;
  };
  try {
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const replicas = await Promise.all(
      ports.map(async (port, index) => {
        const url = await launch(index, port);
        return { url, alive: () => children[index]!.exitCode === null };
      }),
    );
    const restart = async (index: number) => {
      await end(children[index]!);
      await launch(index, ports[index]!);
    };
    return { replicas, stop, restart };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** USM_DEPLOYMENTS for one deployment, Acme, on `sim` with the client `client`. */
export function acmeOn(
  sim: { url: string },
  client: { id: string; secret: string },
  more: Record<string, unknown> = {},
): Record<string, string> {
  const acme = { key: "acme", name: "Acme", kind: "anywhere", baseUrl: sim.url, ...more };
  return {
    USM_DEPLOYMENTS: JSON.stringify([
      { ...acme, clientId: client.id, clientSecret: client.secret },
    ]),
    USM_SIMULATOR: "1",
  };
}
