import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import bcrypt from "bcryptjs";
import { WORKER_ANALYSTS } from "./e2e/support/env";
import { labelId } from "./simulator/labels";

// The e2e run starts its own simulator and its own production build of the dashboard on free
// ports, so it runs beside a dashboard already up on 3000 / 4010. The config is evaluated in
// the runner and again in each worker: ports chosen once are handed down through the env.

function freePort(): string {
  return execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

process.env.E2E_APP_PORT ??= freePort();
process.env.E2E_SIM_PORT ??= freePort();
process.env.E2E_SIM2_PORT ??= freePort();
process.env.E2E_SIM3_PORT ??= freePort();
process.env.E2E_OIDC_PORT ??= freePort();
const appPort = process.env.E2E_APP_PORT;
const simPort = process.env.E2E_SIM_PORT;
const sim2Port = process.env.E2E_SIM2_PORT;
const sim3Port = process.env.E2E_SIM3_PORT;
const oidcPort = process.env.E2E_OIDC_PORT;

process.env.E2E_APP_URL = `http://localhost:${appPort}`;
process.env.E2E_SIM_URL = `http://127.0.0.1:${simPort}`;
process.env.E2E_SIM2_URL = `http://127.0.0.1:${sim2Port}`;
process.env.E2E_SIM3_URL = `http://127.0.0.1:${sim3Port}`;
process.env.E2E_OIDC_URL = `http://127.0.0.1:${oidcPort}`;
process.env.E2E_DEMO_PASSWORD ??= "e2e-demo-Passw0rd";
process.env.E2E_LIVE_INTERVAL_SECONDS = "3";
process.env.E2E_CANARY_SECRET = "CANARY-usm-secret-5f1d8e2b9c";
// Its own build folder, so the run never disturbs a dashboard started with `npm start`.
process.env.E2E_DIST_DIR = ".next-e2e";
// Its own index (PGlite is one process's: the console's own `.index` may be open), fresh per run.
process.env.E2E_INDEX_DIR ??= mkdtempSync(join(tmpdir(), "alarm-console-e2e-index-"));
// The index follows each deployment this often (10 s by default): specs wait less.
process.env.E2E_INDEX_INTERVAL_SECONDS = "2";

const usmClient = { USM_CLIENT_ID: "e2e-client", USM_CLIENT_SECRET: process.env.E2E_CANARY_SECRET };

// Four deployments: Acme (the first, so old /alarms links land there) and Globex, each on its
// own simulator; Initech, which only local.analyst and the SSO group soc may see (on Globex's
// simulator); and Umbrella, which only live.analyst sees, on a simulator of its own that the
// live queue's spec adds alarms to (nobody else's counts move).
const client = { clientId: usmClient.USM_CLIENT_ID, clientSecretEnv: "E2E_USM_SECRET" };
// Globex writes verdicts back as labels of its simulator's seeded catalogue (seed 7; a label's id
// is derived from the seed and its name, and the seeded ones survive a reset): e2e/labels.spec.ts.
const globexLabels = {
  true_positive: labelId(7, "Escalated"),
  false_positive: labelId(7, "False Positive"),
  benign: labelId(7, "Known Scanner"),
};
const deployments = [
  { key: "acme", name: "Acme", kind: "anywhere", baseUrl: process.env.E2E_SIM_URL, ...client },
  {
    key: "globex",
    name: "Globex",
    kind: "central",
    baseUrl: process.env.E2E_SIM2_URL,
    ...client,
    labels: globexLabels,
  },
  {
    key: "initech",
    name: "Initech",
    kind: "anywhere",
    baseUrl: process.env.E2E_SIM2_URL,
    ...client,
    analysts: ["local.analyst"],
    groups: ["soc"],
  },
  {
    key: "umbrella",
    name: "Umbrella",
    kind: "anywhere",
    baseUrl: process.env.E2E_SIM3_URL,
    ...client,
    analysts: ["live.analyst"],
  },
];

const chromiumArgs = [
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
/** Chromium at `path` (CHROMIUM_PATH first), or Playwright's own when it is not there. */
function chromiumAt(path: string) {
  const executablePath = process.env.CHROMIUM_PATH ?? path;
  return existsSync(executablePath) ? { executablePath, args: chromiumArgs } : {};
}
// Debian's headless shell (package chromium-headless-shell) where it is installed: the same
// engine without the browser around it, as Playwright's own headless Chromium is. The e2e run
// is bound by the machine's two cores, most of them Chromium's: measured on 2 cores, 167 specs
// took 14.1 min in the browser and 7.8 min in the shell.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const launchOptions = chromiumAt(existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
/** The whole browser, for what the shell lacks (desktop notifications). */
const browserLaunchOptions = chromiumAt("/usr/bin/chromium");

const CI = Boolean(process.env.CI);

/** Specs that take screenshots and assert nothing about them: the `screenshots` project's. */
const SCREENSHOT_SPECS = /.*-screenshots\.spec\.ts/;

/**
 * The browser every spec but the setup runs in: a desktop Chrome. Signed in as the worker's own
 * analyst by the specs' `test` (e2e/support/fixtures.ts), not here: a config names one file for
 * every worker.
 */
const signedInDesktop = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1440, height: 900 },
};

// One hash for every local account (they share the password); bcrypt is slow on purpose, and
// the config is evaluated in the runner and in each worker. Handed down like the ports.
process.env.E2E_LOCAL_PASSWORD ??= "e2e-local-Passw0rd";
process.env.E2E_LOCAL_PASSWORD_HASH ??= bcrypt.hashSync(process.env.E2E_LOCAL_PASSWORD, 10);
const localPasswordHash = process.env.E2E_LOCAL_PASSWORD_HASH;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_APP_URL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    {
      name: "chromium",
      use: signedInDesktop,
      dependencies: ["setup"],
      testIgnore: [
        /.*\.faults\.spec\.ts/,
        /replicas(-index)?\.spec\.ts/,
        /index-restart\.spec\.ts/,
        /live-restart\.spec\.ts/,
        /notifications\.spec\.ts/,
        SCREENSHOT_SPECS,
      ],
    },
    {
      // In the whole browser: the headless shell reads a granted notification permission as
      // denied. After the other specs, as the live spec's alarms go into Umbrella too.
      name: "notifications",
      use: { ...signedInDesktop, launchOptions: browserLaunchOptions },
      dependencies: ["chromium"],
      testMatch: /notifications\.spec\.ts/,
    },
    {
      // Specs that break the shared simulator on purpose run last, one at a time.
      name: "faults",
      use: signedInDesktop,
      dependencies: ["notifications"],
      testMatch: /.*\.faults\.spec\.ts/,
      fullyParallel: false,
      workers: 1,
    },
    {
      // Three more production servers sharing a Redis of their own: the machine's whole load,
      // so after everything else, alone.
      name: "replicas",
      dependencies: ["faults"],
      testMatch: [
        /replicas\.spec\.ts/,
        /replicas-index\.spec\.ts/,
        /index-restart\.spec\.ts/,
        /live-restart\.spec\.ts/,
      ],
      fullyParallel: false,
      workers: 1,
    },
    {
      // Screenshots for a person to look at (they compare nothing): never in a test run, only
      // when asked for, `npm run screenshots` (`--project screenshots`).
      name: "screenshots",
      default: false,
      use: signedInDesktop,
      dependencies: ["setup"],
      testMatch: SCREENSHOT_SPECS,
    },
  ],
  webServer: [
    {
      command: `npx tsx simulator/cli.ts --port ${simPort} --alarms 5000 --seed 42 --admin`,
      url: `http://127.0.0.1:${simPort}/_sim/stats`,
      env: { ...usmClient },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx simulator/cli.ts --port ${sim2Port} --alarms 1800 --seed 7 --admin`,
      url: `http://127.0.0.1:${sim2Port}/_sim/stats`,
      env: { ...usmClient },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx simulator/cli.ts --port ${sim3Port} --alarms 300 --seed 11 --admin`,
      url: `http://127.0.0.1:${sim3Port}/_sim/stats`,
      env: { ...usmClient },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx e2e/support/oidc-server.ts --port ${oidcPort}`,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      env: { E2E_APP_URL: process.env.E2E_APP_URL },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Built before unless current (npm test starts the build beside the unit tests).
      command: `node scripts/e2e-build.mjs && npx next start --port ${appPort}`,
      url: `http://localhost:${appPort}/api/auth/providers`,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: process.env.E2E_DIST_DIR,
        // `npm test` type-checks before the e2e run (next.config.mjs).
        NEXT_SKIP_TYPECHECK: "1",
        USM_DEPLOYMENTS: JSON.stringify(deployments),
        USM_SIMULATOR: "1",
        E2E_USM_SECRET: usmClient.USM_CLIENT_SECRET,
        // The live queue polls a watched view this often (15 s by default): specs wait less.
        LIVE_INTERVAL_SECONDS: process.env.E2E_LIVE_INTERVAL_SECONDS,
        INDEX_DIR: process.env.E2E_INDEX_DIR,
        INDEX_INTERVAL_SECONDS: process.env.E2E_INDEX_INTERVAL_SECONDS,
        // A failed label write is tried again within seconds (30 s by default): specs wait less.
        LABELS_INTERVAL_SECONDS: "1",
        LABELS_RETRY_SECONDS: "1",
        DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
        NEXTAUTH_SECRET: "e2e-nextauth-secret-0123456789abcdef",
        NEXTAUTH_URL: process.env.E2E_APP_URL,
        AUTH_OIDC_ISSUER: process.env.E2E_OIDC_URL,
        AUTH_OIDC_CLIENT_ID: "alarm-console",
        AUTH_OIDC_CLIENT_SECRET: "e2e-oidc-client-secret",
        AUTH_OIDC_NAME: "Test SSO",
        // Only example.com addresses in group soc may use SSO (e2e/support/oidc-server.ts users).
        AUTH_OIDC_ALLOWED_DOMAINS: "example.com",
        AUTH_OIDC_ALLOWED_GROUPS: "soc",
        // As behind a reverse proxy that appends X-Forwarded-For: the specs that attack sign-in
        // claim addresses of their own, as the proxy would report separate clients.
        AUTH_TRUSTED_PROXY_HOPS: "1",
        // Local accounts: one to sign in with; those the throttling spec delays (one per attempt:
        // delays last, so a retry on the same server needs a fresh one); those whose sessions
        // the sessions spec ends; the teammate the saved views' spec shares a view with.
        AUTH_LOCAL_USERS: [
          "local.analyst",
          "throttle.probe",
          "throttle.probe.retry1",
          "session.probe",
          "session.everywhere",
          "session.everywhere.ui",
          "session.lost",
          "live.analyst",
          // The second analyst of the team's triage (e2e/triage.spec.ts).
          "triage.partner",
          // The teammate whose work moves the home's counts (e2e/team-home.spec.ts).
          "home.partner",
          "views.analyst",
          // A lead reading the team's activity, with default views of their own (e2e/activity.spec.ts).
          "lead.analyst",
          // One for each worker (e2e/support/env.ts): the console's fair share is per analyst.
          ...WORKER_ANALYSTS,
        ]
          .map((user) => `${user}:${localPasswordHash}`)
          .join(","),
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "pipe",
    },
  ],
});
