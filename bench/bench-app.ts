// The benches' servers: a production build of the dashboard in .next-bench (rebuilt only when
// the sources are newer), started on free ports (one or several replicas of one environment)
// against an in-process simulator, or several (USM_DEPLOYMENTS) when asked for deployments.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import bcrypt from "bcryptjs";
import { build, isBuildCurrent } from "../scripts/build-stamp.mjs";
import { freePort } from "../test/free-port";
import { startSimulator, type RunningSimulator, type SimulatorClient } from "../simulator/index";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_DIST_DIR = ".next-bench";
const NEXT_BIN = join(ROOT, "node_modules", "next", "dist", "bin", "next");

export interface BenchApp {
  /** The first replica's URL. */
  url: string;
  /** Every replica's URL. */
  urls: string[];
  /** Each replica's inspector port, when asked for one. */
  inspectPorts: number[];
  /** The simulator (with `deployments`: the first deployment's). */
  sim: RunningSimulator;
  /** Each deployment's key, name and simulator, in the configured order (one: `default`). */
  deployments: BenchDeployment[];
  demoPassword: string;
  /** The password of the local accounts asked for (`localUsers`). */
  localPassword: string;
  stop(): Promise<void>;
}

export interface BenchDeployment {
  key: string;
  name: string;
  sim: RunningSimulator;
}

const indexDirs: string[] = [];
function indexDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "alarm-console-bench-index-"));
  indexDirs.push(dir);
  return dir;
}
process.once("exit", () => {
  for (const dir of indexDirs) rmSync(dir, { recursive: true, force: true });
});

function buildIfNeeded(env: NodeJS.ProcessEnv): void {
  if (isBuildCurrent(ROOT, BENCH_DIST_DIR)) {
    console.log(`using the build in ${BENCH_DIST_DIR} (newer than the sources)`);
    return;
  }
  console.log(`building the dashboard into ${BENCH_DIST_DIR} ...`);
  if (!build(ROOT, BENCH_DIST_DIR, env).ok) throw new Error("next build failed; see above");
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

/** Builds if needed and starts simulator + app replicas; stop() ends them all. */
export async function startBenchApp(options: {
  /** Alarms of the simulator (of each, with `deployments`). */
  alarms: number;
  latencyMs: number;
  /**
   * Several simulated deployments (USM_DEPLOYMENTS), one simulator each with its own seed, in
   * place of the single `default` one.
   */
  deployments?: number;
  /** More simulator clients, e.g. one that measures the simulator directly. */
  otherClients?: SimulatorClient[];
  /** How many servers of the same environment (default 1). */
  replicas?: number;
  /** More environment for every replica (REDIS_URL, ...). */
  env?: Record<string, string>;
  /** Local accounts to create, all with one password. */
  localUsers?: string[];
  /** Open an inspector on each replica (to read its heap). */
  inspect?: boolean;
}): Promise<BenchApp> {
  const client = { id: "bench-app", secret: `bench-app-${randomBytes(8).toString("hex")}` };
  const several = options.deployments !== undefined;
  const sims = await Promise.all(
    Array.from({ length: options.deployments ?? 1 }, (_, n) =>
      startSimulator({
        port: 0,
        alarms: options.alarms,
        // The simulator's default seed for one; distinct data sets for several.
        seed: several ? 1_001 + n : undefined,
        clients: [client, ...(options.otherClients ?? [])],
        faults: { latencyMs: options.latencyMs },
      }),
    ),
  );
  const sim = sims[0]!;
  const deployments: BenchDeployment[] = several
    ? sims.map((each, n) => ({
        key: `bench-${String(n + 1).padStart(2, "0")}`,
        name: `Bench ${n + 1}`,
        sim: each,
      }))
    : [{ key: "default", name: "USM Anywhere simulator", sim }];
  const upstream: Record<string, string> = several
    ? {
        USM_DEPLOYMENTS: JSON.stringify(
          deployments.map(({ key, name, sim: each }) => ({
            key,
            name,
            kind: "anywhere",
            baseUrl: each.url,
            clientId: client.id,
            clientSecret: client.secret,
          })),
        ),
      }
    : { USM_BASE_URL: sim.url, USM_CLIENT_ID: client.id, USM_CLIENT_SECRET: client.secret };
  const demoPassword = `bench-${randomBytes(9).toString("base64url")}`;
  const localPassword = `bench-local-${randomBytes(6).toString("base64url")}`;
  const hash = bcrypt.hashSync(localPassword, 8);
  const ports = await Promise.all(Array.from({ length: options.replicas ?? 1 }, freePort));
  const inspectPorts = options.inspect ? await Promise.all(ports.map(freePort)) : [];
  const urls = ports.map((port) => `http://localhost:${port}`);
  // This shell's own upstream settings must not meet the bench's (the env module refuses both).
  const inherited = { ...process.env };
  for (const name of [
    "USM_DEPLOYMENTS",
    "USM_DEPLOYMENTS_FILE",
    "USM_BASE_URL",
    "USM_CLIENT_ID",
    "USM_CLIENT_SECRET",
  ]) {
    delete inherited[name];
  }
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: BENCH_DIST_DIR,
    // Browser source maps in the bench's build, so the lighthouse bench can name what a chunk holds.
    NEXT_BROWSER_SOURCE_MAPS: "1",
    // The bench-only pages (app/bench-floor: the framework floor), routed in this build alone.
    NEXT_BENCH_PAGES: "1",
    ...upstream,
    USM_SIMULATOR: "1",
    DEMO_PASSWORD: demoPassword,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    NEXTAUTH_URL: urls[0],
    AUTH_LOCAL_USERS: (options.localUsers ?? []).map((user) => `${user}:${hash}`).join(","),
    ...options.env,
  };
  const apps: ChildProcess[] = [];
  const stop = async () => {
    for (const app of apps) {
      if (app.pid !== undefined && app.exitCode === null) {
        try {
          process.kill(-app.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
    }
    await Promise.all(sims.map((each) => each.close()));
  };
  try {
    buildIfNeeded(env);
    await Promise.all(
      ports.map(async (port, i) => {
        const inspect = options.inspect ? [`--inspect=127.0.0.1:${inspectPorts[i]}`] : [];
        const app = spawn(
          process.execPath,
          [...inspect, NEXT_BIN, "start", "--port", String(port)],
          {
            cwd: ROOT,
            // Each instance's embedded index in a directory of its own (PGlite is one process's).
            env: { INDEX_DIR: indexDir(), ...env },
            detached: true,
            stdio: ["ignore", "ignore", "inherit"],
          },
        );
        apps.push(app);
        await waitUntilUp(`${urls[i]}/api/health/live`, app);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: urls[0]!,
    urls,
    inspectPorts,
    sim,
    deployments,
    demoPassword,
    localPassword,
    stop,
  };
}

/** A minimal cookie jar for next-auth's credentials flow. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Signs in through next-auth's credentials endpoint; resolves with the Cookie header to send. */
export async function signIn(appUrl: string, username: string, password: string): Promise<string> {
  const jar = new CookieJar();
  const csrfResponse = await fetch(`${appUrl}/api/auth/csrf`);
  jar.take(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const response = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, username, password, json: "true" }),
    redirect: "manual",
  });
  jar.take(response);
  const cookie = jar.header();
  if (!/session-token=/.test(cookie)) {
    throw new Error(`sign-in of ${username} failed (HTTP ${response.status}): no session cookie`);
  }
  return cookie;
}
