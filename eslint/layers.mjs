// The floors of lib/, by folder: a module may import its own floor and those below it, never one
// above. The two zones are the top folders: lib/shared (browser-safe: components, app and the
// server may all import it) and lib/server (server-only: never imported by lib/shared or
// components). Every server floor is above every shared one. docs/architecture.md draws the map.
//
// eslint.config.mjs turns this table into import/no-restricted-paths zones, so a file added to a
// folder is checked without editing anything; eslint/layers.test.ts shows the check failing.

/** [folder, floor]: the higher the floor, the more it may import. */
export const LAYERS = [
  // Browser-safe.
  ["lib/shared/core", 0], // errors, clock
  ["lib/shared/alarms", 1], // the URL contract, paths, our alarm shapes, formatting
  ["lib/shared/deployments", 1], // what the browser knows of a deployment
  ["lib/shared/auth", 1], // sign-in paths and messages, the content security policy
  ["lib/shared/search", 1], // the search language's tree, fields and problems
  ["lib/shared/triage", 1], // the team's triage as the API answers it, saved views, the quick filters
  ["lib/shared/live", 2], // the live stream's messages
  ["lib/shared/overview", 2], // the overview's plan and answers
  ["lib/shared/export", 2], // the export's contract and file names
  ["lib/shared/queries", 3], // React Query: keys, options, the browser's fetch
  // Server-only.
  ["lib/server/core", 10], // the strict schemas of our shapes, peer addresses, shutdown
  ["lib/server/env", 11], // the validated environment
  ["lib/server/store", 12], // what replicas share: Redis or memory; the lease
  ["lib/server/db", 12], // what lasts: PGlite or PostgreSQL, migrations, the directory lock
  ["lib/server/usm", 13], // the vendor client: the only door to the upstream
  ["lib/server/auth", 13], // sessions, sign-in, throttling
  ["lib/server/deployments", 14], // the registry and who may see what
  ["lib/server/live", 15], // features above the clients
  ["lib/server/overview", 15],
  ["lib/server/export", 15],
  ["lib/server/queue", 15],
  ["lib/server/home", 15],
  ["lib/server/mirror", 15], // the mirror of each deployment: ingest, the sync, what it holds
  ["lib/server/search", 15], // the searches over the mirror: the query language, lists, groups, counts
  ["lib/server/triage", 15], // the team's triage: owners, notes, audit, saved views
  ["lib/server/services", 16], // starts and stops the background work
  ["lib/server/reads", 16], // the read seam: where each read of a view comes from (one table)
  ["lib/server/api", 17], // the route wrapper and each route's request -> answer
  ["lib/server/pages", 17], // what server pages and layouts ask for
];

/**
 * Imports between two folders of one floor, each declared with its reason: any other is refused,
 * so that rooms of a floor stay apart unless the map says why one leans on another. [importer,
 * imported, why].
 */
export const SAME_FLOOR = [
  ["lib/shared/alarms", "lib/shared/deployments", "a view names its deployment"],
  ["lib/shared/deployments", "lib/shared/alarms", "a deployment's links are alarm paths"],
  ["lib/shared/search", "lib/shared/alarms", "the search's fields are the alarm's fields"],
  ["lib/shared/alarms", "lib/shared/search", "a view holds its search"],
  ["lib/server/live", "lib/server/search", "live watches read their views through the searches"],
  ["lib/server/live", "lib/server/mirror", "live watches hear the mirror's notices"],
  ["lib/server/mirror", "lib/server/live", "the sync tells live views what it changed"],
  ["lib/server/search", "lib/server/mirror", "a search says how far the mirror has read"],
  ["lib/server/export", "lib/server/search", "exports page through the searches"],
  [
    "lib/server/home",
    "lib/server/mirror",
    "the home's tiles say how far each deployment is indexed",
  ],
  ["lib/server/home", "lib/server/search", "the home's team counts are the list's search counts"],
  ["lib/server/pages", "lib/server/api", "pages answer with the routes' own reads"],
  ["lib/server/triage", "lib/server/search", "a bulk action reads its view through the searches"],
  [
    "lib/server/triage",
    "lib/server/mirror",
    "a bulk action names what the mirror lacks of its view",
  ],
];

/**
 * import/no-restricted-paths zones: each folder against every folder above it and, given
 * `sameFloor` (SAME_FLOOR), against the folders of its own floor it has not declared; and the two
 * zones. Tests are held to the floors only: a test may set up its scene in a room beside its own.
 */
export function layerZones(layers, sameFloor = null) {
  const zones = layers.flatMap(([folder, floor]) => {
    // Above, in its own zone: a browser-safe folder's imports of server-only ones are the zone
    // rule's to report (once).
    const zone = folder.split("/")[1];
    const inZone = layers.filter(([other]) => other.split("/")[1] === zone);
    const above = inZone
      .filter(([, otherFloor]) => otherFloor > floor)
      .map(([other]) => `./${other}`);
    const declared = new Set(
      (sameFloor ?? []).filter(([from]) => from === folder).map(([, to]) => to),
    );
    const beside = inZone
      .filter(([other, otherFloor]) => sameFloor && otherFloor === floor && other !== folder)
      .filter(([other]) => !declared.has(other))
      .map(([other]) => `./${other}`);
    return [
      ...(above.length === 0
        ? []
        : [
            {
              target: `./${folder}`,
              from: above,
              message: `${folder} (floor ${floor}) may import only its floor and those below (eslint/layers.mjs).`,
            },
          ]),
      ...(beside.length === 0
        ? []
        : [
            {
              target: `./${folder}`,
              from: beside,
              message: `${folder} may import a folder of its own floor only where SAME_FLOOR declares the pair, with why (eslint/layers.mjs).`,
            },
          ]),
    ];
  });
  zones.push({
    target: ["./lib/shared", "./components"],
    from: "./lib/server",
    message: "Browser-safe code cannot import server-only code (lib/server).",
  });
  return zones;
}

// The team's data (triage, saved views, the analysts the console has seen) is ours alone and is
// written in one place: its floor, lib/server/triage/ (a use case per service function, each write
// with its audit), and the migrations that create its tables (lib/server/db/). Anywhere else a
// write naming one of its tables, through Kysely or in raw SQL, is refused; reads are free (the
// search filters by owner).

/** The tables of the team's data. */
export const TEAM_TABLES = [
  "triage_alarms",
  "triage_notes",
  "triage_audit",
  "saved_views",
  "analysts",
];

/** Where the team's tables may be written. */
export const TEAM_WRITERS = ["lib/server/triage/**", "lib/server/db/**"];

/** no-restricted-syntax options: a write to one of `tables`, as Kysely builds it or as raw SQL. */
export function teamWriteRule(tables) {
  const names = tables.join("|");
  const message =
    "The team's tables are written by lib/server/triage/ only: call its service (eslint/layers.mjs).";
  return [
    "error",
    {
      selector: `CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/][arguments.0.value=/^(${names})$/]`,
      message,
    },
    {
      selector: `TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/\\b(insert\\s+into|update|delete\\s+from|truncate(\\s+table)?|merge\\s+into)\\s+(${names})\\b/i]`,
      message,
    },
  ];
}

/**
 * The rooms that open the database and speak Kysely: the database's own floor, its repositories
 * (the index's engine and searches, the team's triage) and the composition root that starts it.
 * Every other room asks a repository; a type may travel in a signature, and the database's
 * errors (db/errors.ts) are everyone's to map.
 */
export const DATABASE_DOORS = [
  "lib/server/db/**",
  "lib/server/mirror/**",
  "lib/server/search/**",
  "lib/server/triage/**",
  "lib/server/services/**",
];

/** @typescript-eslint/no-restricted-imports' patterns that keep the database behind its doors. */
export const DATABASE_PATTERNS = [
  {
    regex: "^(kysely(/.*)?|@/lib/server/db(/(?!errors$).*)?)$",
    allowTypeImports: true,
    message:
      "Only the database's floor and its repositories (the mirror and its searches, the team's triage) and the " +
      "composition root open the database or speak Kysely: ask a repository (eslint/layers.mjs).",
  },
];
