// The e2e run's production build (into .next-e2e, as playwright.config.ts starts it), made only
// when the sources are newer than the last finished one. `npm test` starts it beside the lint,
// the type check and the unit tests, which leave one of CI's two cores idle for much of their
// time; the e2e run then finds it current. Its type check is skipped: `npm test` has just made it.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, isBuildCurrent } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const E2E_DIST_DIR = ".next-e2e";

if (isBuildCurrent(root, E2E_DIST_DIR)) {
  console.log(`e2e build: ${E2E_DIST_DIR} is current`);
} else {
  const env = {
    ...process.env,
    NEXT_DIST_DIR: E2E_DIST_DIR,
    NEXT_SKIP_TYPECHECK: "1",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const result = build(root, E2E_DIST_DIR, env);
  if (!result.ok) process.exit(result.status ?? 1);
}
