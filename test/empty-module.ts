// Stands in for `server-only` under vitest (see vitest.config.ts).
export {};
