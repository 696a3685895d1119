import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";
import {
  DATABASE_DOORS,
  DATABASE_PATTERNS,
  LAYERS,
  SAME_FLOOR,
  TEAM_TABLES,
  TEAM_WRITERS,
  layerZones,
  teamWriteRule,
} from "./eslint/layers.mjs";
import { housePlugin } from "./eslint/no-cycle.mjs";

const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The layers of lib/ (eslint/layers.mjs, docs/architecture.md): imports flow down only,
    // and browser-safe code never reaches server-only code. By folder: a new file is covered.
    // Rooms of one floor import each other only where SAME_FLOOR says why; tests, the floors only.
    files: ["lib/**", "components/**", "app/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "import/no-restricted-paths": ["error", { zones: layerZones(LAYERS, SAME_FLOOR) }] },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "import/no-restricted-paths": ["error", { zones: layerZones(LAYERS) }] },
  },
  {
    // No module reaches itself again through its imports, type-only ones included
    // (eslint/no-cycle.mjs): two rooms tied by a cycle can move only together.
    files: ["lib/**", "components/**", "app/**"],
    plugins: { house: housePlugin },
    rules: { "house/no-cycle": "error" },
  },
  {
    // The team's tables are written by their floor only (eslint/layers.mjs).
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
    ignores: TEAM_WRITERS,
    rules: { "no-restricted-syntax": teamWriteRule(TEAM_TABLES) },
  },
  {
    // The simulator and the console meet over HTTP only, as the console meets a real deployment.
    // The vendor client is the only door to the upstream: its typed operations, through its
    // index; nothing else reaches its schemas, paths or transport.
    files: ["app/**", "lib/server/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/server/usm/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/simulator/**", "@/simulator/**"] },
            {
              group: ["@/lib/server/usm/*", "**/server/usm/*"],
              message:
                "Read the upstream through the vendor client's operations: @/lib/server/usm.",
            },
          ],
        },
      ],
    },
  },
  {
    // The database and Kysely behind their doors (eslint/layers.mjs): as usm/ is the only door
    // upstream, the repositories are the only door to SQL.
    files: ["app/**", "lib/server/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", ...DATABASE_DOORS],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: DATABASE_PATTERNS }],
    },
  },
  {
    files: ["lib/server/usm/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/simulator/**", "@/simulator/**"] }],
    },
  },
  {
    // Code that reaches the browser: zod would weigh on every first load (even zod/mini, as
    // Turbopack bundles it: lib/shared/alarms/query.ts), and the server validates what it sends
    // before it leaves; Node's modules do not exist there.
    files: ["components/**", "lib/shared/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      // The typescript-eslint rule, for allowTypeImports; it carries the simulator rule too.
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/simulator/**", "@/simulator/**"] },
            {
              group: ["zod", "zod/*"],
              allowTypeImports: true,
              message: "No zod in browser code: it is too heavy for the first-load budget.",
            },
            {
              group: ["server-only", "node:*"],
              message: "Browser-safe code: no server-only module here (move it to lib/server).",
            },
          ],
        },
      ],
    },
  },
  {
    // Each e2e worker browses as an analyst of its own (e2e/support/fixtures.ts): a spec that took
    // Playwright's own test would run signed out. The specs that are signed out on purpose, or
    // sign in as someone else throughout, say so where they import it.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message:
                "Take test (and expect) from ./support/fixtures: it signs the worker's analyst in.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
