#!/usr/bin/env node
// `npm start`: the dashboard on http://localhost:3000, on the embedded simulator unless
// USM_BASE_URL names a deployment. Builds first when the sources changed; Ctrl-C stops both.
// `npm run dev` (--dev) does the same with `next dev`.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, isBuildCurrent } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const port = process.env.PORT || "3000";
const simulatorPort = process.env.SIMULATOR_PORT || "4010";
const distDir = process.env.NEXT_DIST_DIR || ".next";
const bin = (name) => join(root, "node_modules", ".bin", name);
const children = [];

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

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
  console.log("Building the dashboard (first start or sources changed)...");
  const result = build(root, distDir, env);
  if (!result.ok) {
    console.error(result.signal ? "The build was interrupted." : "The build failed; see above.");
    stopAll(result.status || 1);
  }
}

async function startSimulator() {
  const child = run(bin("tsx"), ["simulator/cli.ts", "--port", simulatorPort], {
    stdio: ["ignore", "pipe", "inherit"],
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

if (!env.USM_BASE_URL) {
  env.USM_BASE_URL = await startSimulator();
  env.USM_SIMULATOR = "1";
  env.DEMO_PASSWORD ||= randomBytes(9).toString("base64url");
  console.log(`Embedded USM Anywhere simulator at ${env.USM_BASE_URL}`);
} else {
  env.USM_SIMULATOR = "0";
  delete env.DEMO_PASSWORD; // never a demo account against a real deployment
}

run(bin("next"), [dev ? "dev" : "start", "--port", port], { stdio: "inherit" });

if (env.USM_SIMULATOR === "1") {
  console.log(`\nSign in at http://localhost:${port} as analyst / ${env.DEMO_PASSWORD}\n`);
}
