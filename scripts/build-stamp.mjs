// Whether the production build in a dist folder is current, and building it when it is not:
// shared by `npm start` (scripts/start.mjs) and the benches (bench/bench-app.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "instrumentation.ts"];
const CONFIG = ["package.json", "next.config.mjs", "postcss.config.mjs", "tsconfig.json"];

/** The newest modification time among what goes into a build (tests do not). */
function newestSourceChange(root) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else
      for (const entry of readdirSync(path))
        if (!entry.endsWith(".test.ts")) visit(join(path, entry));
  };
  for (const entry of [...SOURCES, ...CONFIG]) visit(join(root, entry));
  return newest;
}

// next build writes BUILD_ID before it has finished, so a failed or interrupted build could look
// current: this stamp is written only once a build has succeeded.
const stampOf = (root, distDir) => join(root, distDir, ".alarm-console-built");

/** True when a finished build in `distDir` is newer than every source. */
export function isBuildCurrent(root, distDir) {
  const stamp = stampOf(root, distDir);
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestSourceChange(root);
}

/** Runs `next build` (env.NEXT_DIST_DIR decides the folder); stamps it only if it succeeded. */
export function build(root, distDir, env) {
  const stamp = stampOf(root, distDir);
  rmSync(stamp, { force: true });
  const next = join(root, "node_modules", ".bin", "next");
  const result = spawnSync(next, ["build"], { cwd: root, env, stdio: "inherit" });
  if (result.status === 0) writeFileSync(stamp, new Date().toISOString());
  return { ok: result.status === 0, status: result.status, signal: result.signal };
}
