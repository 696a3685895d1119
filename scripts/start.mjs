#!/usr/bin/env node
// `npm start`: the dashboard on http://localhost:3000, on two embedded simulated deployments
// (Acme, a USM Anywhere, and Globex, a USM Central: different seeds and sizes) unless
// USM_DEPLOYMENTS, USM_DEPLOYMENTS_FILE or USM_BASE_URL name real ones. Builds first when the
// sources changed; Ctrl-C stops everything. `npm run dev` (--dev) does the same with `next dev`.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, isBuildCurrent } from "./build-stamp.mjs";
import { verdictLabels } from "./sim-labels.mjs";
import { startEnv } from "./start-env.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const port = process.env.PORT || "3000";
const simulatorPort = Number(process.env.SIMULATOR_PORT || "4010");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const bin = (name) => join(root, "node_modules", ".bin", name);
const children = [];

const env = startEnv(process.env);

function stopAll(code = 0) {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM"); // the whole group: next start leaves a child behind
    } catch {
      // already gone
    }
  }
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stopAll(0));
process.on("uncaughtException", (error) => {
  console.error(error);
  stopAll(1);
});

/** Starts a long-running process in its own process group; the start fails if it exits early. */
function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, env, detached: true, ...options });
  children.push(child);
  child.on("exit", (code, signal) => {
    console.error(`${args[0] ?? command} stopped (${signal ?? `exit ${code}`}); stopping.`);
    stopAll(code || 1);
  });
  return child;
}

function buildIfNeeded() {
  if (isBuildCurrent(root, distDir)) return;
  console.log("Building the dashboard (first start or sources changed; a minute or two)...");
  const result = build(root, distDir, env);
  if (!result.ok) {
    console.error(result.signal ? "The build was interrupted." : "The build failed; see above.");
    stopAll(result.status || 1);
  }
}

/**
 * The embedded deployments: each its own simulator, seed, size and API client, and alive: new
 * alarms arrive (`live` per minute, some late) and statuses move on while the demo runs. Each
 * maps the four verdicts to labels of its simulator's catalogue, so a close writes its label back.
 */
const SIMULATED = [
  { key: "acme", name: "Acme", kind: "anywhere", seed: 42, alarms: 5000, live: 3 },
  { key: "globex", name: "Globex", kind: "central", seed: 7, alarms: 1800, live: 2 },
];

async function startSimulator(port, { seed, alarms, live, clientId, clientSecret }) {
  // --admin (loopback only): the verdicts' labels are added to its catalogue at start.
  const args = ["simulator/cli.ts", "--port", String(port), "--seed", String(seed), "--admin"];
  const argv = [...args, "--alarms", String(alarms), "--live", String(live)];
  const child = run(bin("tsx"), argv, {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...env, USM_CLIENT_ID: clientId, USM_CLIENT_SECRET: clientSecret },
  });
  return new Promise((resolve) => {
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(buffer);
      if (match) {
        child.stdout.removeAllListeners("data");
        child.stdout.pipe(process.stdout);
        resolve(match[1]);
      }
    });
  });
}

if (!env.NEXTAUTH_SECRET) {
  // Without a fixed secret, sessions end when the dashboard restarts: set one to keep them.
  env.NEXTAUTH_SECRET = randomBytes(32).toString("base64url");
}
env.NEXTAUTH_URL ||= `http://localhost:${port}`;

// Build before starting anything, so a failed or interrupted build leaves nothing running.
if (!dev) buildIfNeeded();

if (!env.USM_BASE_URL && !env.USM_DEPLOYMENTS && !env.USM_DEPLOYMENTS_FILE) {
  const deployments = await Promise.all(
    SIMULATED.map(async ({ seed, alarms, live, ...deployment }, index) => {
      const client = {
        clientId: `${deployment.key}-console`,
        clientSecret: randomBytes(18).toString("base64url"),
      };
      const simulator = { seed, alarms, live, ...client };
      const baseUrl = await startSimulator(simulatorPort + index, simulator);
      console.log(`Embedded simulator of ${deployment.name} at ${baseUrl}`);
      const labels = await verdictLabels(baseUrl).catch((error) => {
        console.error(error.message);
        stopAll(1);
      });
      return { ...deployment, baseUrl, ...client, labels };
    }),
  );
  env.USM_DEPLOYMENTS = JSON.stringify(deployments);
  env.USM_SIMULATOR = "1";
  env.DEMO_PASSWORD ||= randomBytes(9).toString("base64url");
} else {
  env.USM_SIMULATOR = "0";
  delete env.DEMO_PASSWORD; // never a demo account against a real deployment
}

run(bin("next"), [dev ? "dev" : "start", "--port", port], { stdio: "inherit" });

if (env.USM_SIMULATOR === "1") {
  console.log(`\nSign in at http://localhost:${port} as analyst / ${env.DEMO_PASSWORD}\n`);
}
