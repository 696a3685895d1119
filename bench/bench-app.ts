// The benches' server: a production build of the dashboard in .next-bench (rebuilt only when
// the sources are newer), started on a free port against an in-process simulator.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, isBuildCurrent } from "../scripts/build-stamp.mjs";
import { startSimulator, type RunningSimulator, type SimulatorClient } from "../simulator/index";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST_DIR = ".next-bench";

export interface BenchApp {
  url: string;
  sim: RunningSimulator;
  demoPassword: string;
  stop(): Promise<void>;
}

function buildIfNeeded(env: NodeJS.ProcessEnv): void {
  if (isBuildCurrent(ROOT, DIST_DIR)) {
    console.log(`using the build in ${DIST_DIR} (newer than the sources)`);
    return;
  }
  console.log(`building the dashboard into ${DIST_DIR} ...`);
  if (!build(ROOT, DIST_DIR, env).ok) throw new Error("next build failed; see above");
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error("next start did not come up within 60 s");
}

/** Builds if needed and starts simulator + app; stop() ends both (the app's whole group). */
export async function startBenchApp(options: {
  alarms: number;
  latencyMs: number;
  /** More simulator clients, e.g. one that measures the simulator directly. */
  otherClients?: SimulatorClient[];
}): Promise<BenchApp> {
  const client = { id: "bench-app", secret: `bench-app-${randomBytes(8).toString("hex")}` };
  const sim = await startSimulator({
    port: 0,
    alarms: options.alarms,
    clients: [client, ...(options.otherClients ?? [])],
    faults: { latencyMs: options.latencyMs },
  });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const demoPassword = `bench-${randomBytes(9).toString("base64url")}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: DIST_DIR,
    USM_BASE_URL: sim.url,
    USM_SIMULATOR: "1",
    USM_CLIENT_ID: client.id,
    USM_CLIENT_SECRET: client.secret,
    DEMO_PASSWORD: demoPassword,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    NEXTAUTH_URL: url,
  };
  let app: ChildProcess | undefined;
  const stop = async () => {
    if (app?.pid !== undefined && app.exitCode === null) {
      try {
        process.kill(-app.pid, "SIGTERM"); // next start leaves a next-server child otherwise
      } catch {
        // already gone
      }
    }
    await sim.close();
  };
  try {
    buildIfNeeded(env);
    app = spawn("npx", ["next", "start", "--port", String(port)], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitUntilUp(`${url}/api/auth/csrf`, app);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, sim, demoPassword, stop };
}
