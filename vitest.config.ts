import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./", import.meta.url)),
      // server-only throws outside React Server Components; tests run plain Node.
      "server-only": fileURLToPath(new URL("./test/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".next-*/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two files at a time on CI's two cores (vitest's default is one fewer than the cores): most
    // of a file's time waits on a PostgreSQL, Redis or simulator it started. Measured on 2 cores,
    // the whole suite: 12 min 12 s with one, 7 min 10 s with two, every test passing.
    maxWorkers: 2,
  },
});
