// Types for scripts/build-stamp.mjs, which the TypeScript benches import.
export declare function isBuildCurrent(root: string, distDir: string): boolean;
export declare function build(
  root: string,
  distDir: string,
  env: NodeJS.ProcessEnv,
): { ok: boolean; status: number | null; signal: NodeJS.Signals | null };
