// Several production servers of the e2e build (`next start` from .next-e2e), started on free
// ports with one environment, as replicas behind a load balancer would run. Each runs in its own
// process group, stopped as a whole (next start leaves a next-server child otherwise).
import { spawn, type ChildProcess } from "node:child_process";
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

export async function startReplicas(count: number, env: Record<string, string>): Promise<Replicas> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.pid === undefined) return resolve();
            child.once("exit", () => resolve());
            try {
              process.kill(-child.pid, "SIGTERM");
            } catch {
              resolve();
            }
          }),
      ),
    );
  };
  try {
    const replicas = await Promise.all(
      Array.from({ length: count }, async () => {
        const port = await freePort();
        const child = spawn(
          process.execPath,
          ["node_modules/next/dist/bin/next", "start", "--port", String(port)],
          {
            env: {
              ...process.env,
              NODE_ENV: "production",
              NEXT_TELEMETRY_DISABLED: "1",
              NEXT_DIST_DIR: e2e.distDir,
              ...env,
            },
            detached: true,
            stdio: ["ignore", "ignore", "inherit"],
          },
        );
        children.push(child);
        const url = `http://localhost:${port}`;
        await waitUntilLive(url, child);
        return { url, alive: () => child.exitCode === null };
      }),
    );
    return { replicas, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
