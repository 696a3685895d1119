// What the e2e run's servers were started with (set by playwright.config.ts, inherited by workers).
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through playwright.config.ts`);
  return value;
}

/**
 * The analysts the workers browse as, one each: local accounts of the e2e server
 * (playwright.config.ts), as many as workers may run at once. The console shares its time fairly
 * per analyst (lib/server/api/analyst-gate.ts): two workers signed in as one analyst spent one
 * analyst's share between them, and a page now and then met "Too many requests" (429).
 */
export const WORKER_ANALYSTS = Array.from({ length: 8 }, (_, n) => `analyst.${n + 1}`);

/**
 * The analyst of the worker with this parallelIndex (0 to workers - 1, which a worker started
 * again after a failure keeps), and where the setup project keeps its signed-in cookies.
 */
export function workerAnalyst(parallelIndex: number): { username: string; storageState: string } {
  const username = WORKER_ANALYSTS[parallelIndex];
  if (username === undefined) {
    throw new Error(
      `worker ${parallelIndex + 1} has no analyst: run at most ${WORKER_ANALYSTS.length} workers, or add analysts to WORKER_ANALYSTS`,
    );
  }
  return { username, storageState: `test-results/.auth/${username}.json` };
}

export const e2e = {
  get appUrl() {
    return required("E2E_APP_URL");
  },
  /** Acme's simulator (the default deployment's). */
  get simulatorUrl() {
    return required("E2E_SIM_URL");
  },
  /** Globex's simulator (Initech's too). */
  get simulator2Url() {
    return required("E2E_SIM2_URL");
  },
  /** Umbrella's simulator: only live.analyst sees it; the live queue's spec adds alarms there. */
  get simulator3Url() {
    return required("E2E_SIM3_URL");
  },
  /** How often the e2e app's live queue polls a watched view. */
  get liveIntervalMs() {
    return Number(required("E2E_LIVE_INTERVAL_SECONDS")) * 1000;
  },
  /** The test identity provider (e2e/support/oidc-server.ts) for single sign-on. */
  get oidcUrl() {
    return required("E2E_OIDC_URL");
  },
  /** The password every local account of AUTH_LOCAL_USERS shares. */
  get localPassword() {
    return required("E2E_LOCAL_PASSWORD");
  },
  /** Its bcrypt hash, for the AUTH_LOCAL_USERS of servers a spec starts itself. */
  get localPasswordHash() {
    return required("E2E_LOCAL_PASSWORD_HASH");
  },
  get demoPassword() {
    return required("E2E_DEMO_PASSWORD");
  },
  /** A recognisable USM client secret: it must never appear in anything the browser gets. */
  get canarySecret() {
    return required("E2E_CANARY_SECRET");
  },
  get distDir() {
    return required("E2E_DIST_DIR");
  },
};
