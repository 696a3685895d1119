import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { LAYERS } from "./layers.mjs";

// The layering check of `npm run lint`, tried on imports written for the test: each file below
// is linted as if it sat at the given path of the project (no file is written).

const root = fileURLToPath(new URL("..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe("the layers of lib/", () => {
  it("give every folder of lib/ a floor, and lib/ holds only the two zones", () => {
    expect(readdirSync(`${root}lib`).sort()).toEqual(["server", "shared"]);
    const folders = ["shared", "server"].flatMap((zone) =>
      readdirSync(`${root}lib/${zone}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `lib/${zone}/${entry.name}`),
    );
    expect(folders.sort()).toEqual(LAYERS.map(([folder]) => folder).sort());
  });

  it("refuse an import from a floor above", async () => {
    const found = await problems(
      "lib/server/store/upward.ts",
      'import { respond } from "@/lib/server/api/route";\nexport const x = respond;\n',
    );
    expect(found).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*floor 12/)]);
  });

  it("refuse a relative import from a floor above just the same", async () => {
    const found = await problems(
      "lib/server/usm/upward.ts",
      'import { deploymentRegistry } from "../deployments/registry";\nexport const x = deploymentRegistry;\n',
    );
    expect(found).toEqual([expect.stringMatching(/^import\/no-restricted-paths:/)]);
  });

  it("take an import from the same floor or one below", async () => {
    const found = await problems(
      "lib/server/usm/downward.ts",
      [
        'import { MemoryStore } from "@/lib/server/store/memory";',
        'import { ApiError } from "@/lib/shared/core/errors";',
        "export const x = [MemoryStore, ApiError];",
        "",
      ].join("\n"),
    );
    expect(found).toEqual([]);
  });

  it("keep server-only code out of browser-safe code", async () => {
    const shared = await problems(
      "lib/shared/alarms/leak.ts",
      'import { serverEnv } from "@/lib/server/env";\nexport const x = serverEnv;\n',
    );
    expect(shared).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*server-only/)]);
    const component = await problems(
      "components/alarms/leak.tsx",
      'import { sharedStore } from "@/lib/server/store";\nexport const x = sharedStore;\n',
    );
    expect(component).toEqual([expect.stringMatching(/^import\/no-restricted-paths:/)]);
  });

  it("hold every read of the upstream to the vendor client's operations", async () => {
    const found = await problems(
      "lib/server/overview/vendor.ts",
      'import { upstreamPageSchema } from "@/lib/server/usm/schemas";\nexport const x = upstreamPageSchema;\n',
    );
    expect(found).toEqual([expect.stringMatching(/vendor client's operations/)]);
    const door = await problems(
      "lib/server/overview/door.ts",
      'import { countAlarms } from "@/lib/server/usm";\nexport const x = countAlarms;\n',
    );
    expect(door).toEqual([]);
  });

  it("keep writes of the team's tables in lib/server/triage/, reads anywhere", async () => {
    const kysely = [
      'import type { Kysely } from "kysely";',
      'import type { Database } from "@/lib/server/db";',
      "export const take = (db: Kysely<Database>) =>",
      '  db.updateTable("triage_alarms").set({ owner_id: null }).execute();',
      "",
    ].join("\n");
    expect(await problems("lib/server/api/take.ts", kysely)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*lib\/server\/triage\/ only/),
    ]);
    expect(await problems("lib/server/triage/take.ts", kysely)).toEqual([]);
    const raw = [
      'import { sql } from "kysely";',
      "export const note = sql`insert into triage_notes (id) values (${1})`;",
      "",
    ].join("\n");
    expect(await problems("scripts/note.ts", raw)).toEqual([
      expect.stringMatching(/^no-restricted-syntax:/),
    ]);
    const read = [
      'import { sql } from "kysely";',
      "export const owners = sql`select owner_id from triage_alarms`;",
      "",
    ].join("\n");
    expect(await problems("lib/server/search/owners.ts", read)).toEqual([]);
  });

  it("put the read seam between the routes and the index", async () => {
    const fromRoute = await problems(
      "lib/server/api/seam.ts",
      'import { chooseSource } from "@/lib/server/reads/policy";\nexport const x = chooseSource;\n',
    );
    expect(fromRoute).toEqual([]);
    const fromSeam = await problems(
      "lib/server/reads/seam.ts",
      'import { searchAlarmPage } from "@/lib/server/search/search";\nexport const x = searchAlarmPage;\n',
    );
    expect(fromSeam).toEqual([]);
    const upward = await problems(
      "lib/server/reads/upward.ts",
      'import { respond } from "@/lib/server/api/route";\nexport const x = respond;\n',
    );
    expect(upward).toEqual([expect.stringMatching(/lib\/server\/reads \(floor 16\)/)]);
    const fromIndex = await problems(
      "lib/server/search/upward.ts",
      'import { chooseSource } from "@/lib/server/reads/policy";\nexport const x = chooseSource;\n',
    );
    expect(fromIndex).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*floor 15/)]);
  });

  it("keep zod and Node's modules out of browser code, types aside", async () => {
    const zod = await problems(
      "lib/shared/alarms/heavy.ts",
      'import { z } from "zod";\nexport const x = z.string();\n',
    );
    expect(zod).toEqual([expect.stringMatching(/No zod in browser code/)]);
    const node = await problems(
      "components/ui/node.tsx",
      'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n',
    );
    expect(node).toEqual([expect.stringMatching(/no server-only module here/)]);
    const typeOnly = await problems(
      "lib/shared/alarms/typed.ts",
      'import type { z } from "zod";\nexport type X = z.ZodType;\n',
    );
    expect(typeOnly).toEqual([]);
  });

  it("refuse an import between rooms of one floor unless SAME_FLOOR declares the pair", async () => {
    const undeclared = await problems(
      "lib/server/overview/beside.ts",
      'import { exportPageSizes } from "@/lib/server/export/pages";\nexport const x = exportPageSizes;\n',
    );
    expect(undeclared).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*only where SAME_FLOOR declares/),
    ]);
    const declared = await problems(
      "lib/server/export/beside.ts",
      'import { readable } from "@/lib/server/search/search-where";\nexport const x = readable;\n',
    );
    expect(declared).toEqual([]);
    // A test may set up its scene in a room beside its own: only the floors hold it.
    const test = await problems(
      "lib/server/overview/beside.test.ts",
      'import { exportPageSizes } from "@/lib/server/export/pages";\nexport const x = exportPageSizes;\n',
    );
    expect(test).toEqual([]);
  });

  it("refuse an import cycle, a type-only one too", async () => {
    // query.ts imports priority.ts: priority.ts importing query.ts back closes a cycle.
    const cyclic = await problems(
      "lib/shared/alarms/priority.ts",
      'import type { AlarmFilters } from "@/lib/shared/alarms/query";\nexport type X = AlarmFilters;\n',
    );
    expect(cyclic).toEqual([
      expect.stringMatching(
        /^house\/no-cycle: Import cycle: lib\/shared\/alarms\/priority\.ts -> .*lib\/shared\/alarms\/priority\.ts/,
      ),
    ]);
    const acyclic = await problems(
      "lib/shared/alarms/priority.ts",
      'import type { ApiError } from "@/lib/shared/core/errors";\nexport type X = ApiError;\n',
    );
    expect(acyclic).toEqual([]);
  });

  it("keep the database and Kysely behind the repositories, types and its errors aside", async () => {
    const opened = await problems(
      "lib/server/reads/door.ts",
      'import { databaseState } from "@/lib/server/db";\nexport const x = databaseState;\n',
    );
    expect(opened).toEqual([expect.stringMatching(/ask a repository/)]);
    const kysely = await problems(
      "lib/server/api/door.ts",
      'import { sql } from "kysely";\nexport const x = sql`select 1`;\n',
    );
    expect(kysely).toEqual([expect.stringMatching(/ask a repository/)]);
    const allowed = await problems(
      "lib/server/reads/door.ts",
      [
        'import type { Kysely } from "kysely";',
        'import type { Database } from "@/lib/server/db";',
        'import { asIndexUnavailable } from "@/lib/server/db/errors";',
        "export type X = Kysely<Database>;",
        "export const y = asIndexUnavailable;",
        "",
      ].join("\n"),
    );
    expect(allowed).toEqual([]);
    const repository = await problems(
      "lib/server/triage/door.ts",
      'import { sql } from "kysely";\nexport const x = sql`select 1`;\n',
    );
    expect(repository).toEqual([]);
  });
});
