import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { expect, it } from "vitest";

// The Node the README names is the Node the project installs on: npm prints EBADENGINE for any
// installed package whose `engines.node` leaves it out, and a newcomer reads that as broken.

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), "utf8"));

const manifest = readJson("package.json") as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = readJson("package-lock.json") as { packages: Record<string, unknown> };

it("the README names the Node that package.json requires", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const stated = /Needs Node (\d+\.\d+) or later \(exactly: `([^`]+)`/.exec(readme);
  expect(stated, "README: 'Needs Node X or later (exactly: `range`'").not.toBeNull();
  const [, oldest, range] = stated!;
  expect(range).toBe(manifest.engines.node);
  expect(semver.minVersion(manifest.engines.node)?.version).toBe(`${oldest}.0`);
});

it("every installed package admits every Node package.json allows", () => {
  // The whole tree as installed (the lock's packages present on this machine: optional ones for
  // other platforms are not), the project's own dependencies among them.
  const installed = Object.keys(lock.packages).filter(
    (path) => path !== "" && existsSync(join(root, path, "package.json")),
  );
  const direct = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];
  for (const name of direct) expect(installed).toContain(`node_modules/${name}`);
  const refusing = installed.flatMap((path) => {
    const { version, engines } = readJson(join(path, "package.json")) as {
      version: string;
      engines?: { node?: unknown };
    };
    const range = engines?.node;
    if (typeof range !== "string") return [];
    return semver.subset(manifest.engines.node, range) ? [] : [`${path}@${version} wants ${range}`];
  });
  expect(refusing).toEqual([]);
});
