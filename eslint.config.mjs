import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";

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
    // The simulator and the dashboard meet over HTTP only, as the dashboard meets a real deployment.
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/simulator/**", "@/simulator/**"] }],
    },
  },
  {
    // Code that reaches the browser: zod would add ~17-29 KB gzipped to every first load (see
    // lib/alarms/query.ts); the server validates what it sends with zod before it leaves.
    files: [
      "components/**",
      "lib/alarms/query.ts",
      "lib/alarms/url-state.ts",
      "lib/alarms/query-options.ts",
      "lib/alarms/query-client.ts",
      "lib/alarms/format.ts",
      "lib/alarms/time-range.ts",
      "lib/alarms/suggest.ts",
      "lib/errors.ts",
    ],
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
          ],
        },
      ],
    },
  },
];

export default config;
