import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { startEnv } from "./start-env.mjs";

// `npm start` builds with what next.config.mjs makes of its environment: the compile alone, since
// `npm test` and CI type-check the same sources. A plain `next build` (an operator's
// `npm run build`) keeps Next's own check.

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** next.config.mjs's TypeScript options, read by Node in `env` as `next build` would read them. */
function typescriptOptions(env: NodeJS.ProcessEnv): unknown {
  const script = `import("./next.config.mjs").then((c) => console.log(JSON.stringify(c.default.typescript)))`;
  const result = spawnSync(process.execPath, ["-e", script], { cwd: root, env, encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout);
}

const withoutSwitch = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NEXT_SKIP_TYPECHECK;
  return env;
};

it("builds for npm start without Next's type check; a plain build keeps it", () => {
  expect(typescriptOptions(startEnv(withoutSwitch()))).toEqual({ ignoreBuildErrors: true });
  expect(typescriptOptions(withoutSwitch())).toEqual({ ignoreBuildErrors: false });
});

it("type-checks a start's build when asked to", () => {
  const env = startEnv({ ...withoutSwitch(), NEXT_SKIP_TYPECHECK: "0" });
  expect(typescriptOptions(env)).toEqual({ ignoreBuildErrors: false });
});
