import { test as base } from "@playwright/test";
import { workerAnalyst } from "./env";

// The specs' `test`: signed in as the worker's own analyst (./env.ts), whom the setup project
// signed in. The console shares its time fairly per analyst (lib/server/api/analyst-gate.ts), so
// when both workers browsed as one analyst each spent the other's share, and a page now and then
// met "Too many requests". A spec that needs someone else says so with test.use or signs in.
// (`provide` is Playwright's `use`, named so the lint does not take it for React's hook.)

export const test = base.extend<{ analyst: string }>({
  /** The username this worker's pages are signed in as. */
  analyst: async ({}, provide, testInfo) => provide(workerAnalyst(testInfo.parallelIndex).username),
  storageState: async ({}, provide, testInfo) =>
    provide(workerAnalyst(testInfo.parallelIndex).storageState),
});

export { expect } from "@playwright/test";
