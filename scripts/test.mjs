// `npm test`: the lint and the type check, the unit tests, then the end-to-end tests. The e2e
// run's production build (scripts/e2e-build.mjs) is made meanwhile, beside the lint and the type
// check (one thread each; on CI's two cores the tests must finish within 20 minutes). Its output
// goes to a file, shown if it fails.
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_LOG = join(root, ".next-e2e-build.log");

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const log = createWriteStream(BUILD_LOG);
const builder = spawn(process.execPath, [join(root, "scripts", "e2e-build.mjs")], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
});
builder.stdout.pipe(log);
builder.stderr.pipe(log);
const built = new Promise((resolve) => builder.once("exit", (code) => resolve(code ?? 1)));

const stop = (code) => {
  if (code === 0) return;
  builder.kill();
  process.exit(code);
};
// The lint and the type check side by side: each is one thread.
const [lint, typecheck] = await Promise.all([
  run("npm", ["run", "lint"]),
  run("npm", ["run", "typecheck"]),
]);
stop(lint || typecheck);
stop(await run("npm", ["run", "test:unit"]));
const buildCode = await built;
if (buildCode !== 0) {
  console.error(`The e2e build failed (exit ${buildCode}):\n${readFileSync(BUILD_LOG, "utf8")}`);
  process.exit(buildCode);
}
process.exit(await run("npm", ["run", "test:e2e"]));
