// The index's variables (DATABASE_URL, INDEX_*): where the index lives and how its sync spends
// the upstream's budget; server-only.
import "server-only";
import { resolve } from "node:path";
import { z } from "zod";
import { decimalNumber, numberVariable, optionalVariable, textOr, url, wholeNumber } from "./rules";

// DATABASE_URL set: a PostgreSQL server every replica shares. Unset: PGlite in this process, its
// data in INDEX_DIR (one process only: a lock file of ours keeps a second opener out).
export const indexVariables = z
  .object({
    DATABASE_URL: optionalVariable(
      url("postgres://console:secret@db.internal:5432/console", {
        test: ({ protocol }) => /^postgres(ql)?:$/.test(protocol),
        message: "must start with postgres:// or postgresql://",
      }),
    ),
    INDEX_DIR: textOr(".index"),
    INDEX_PAGE_SIZE: numberVariable(wholeNumber({ min: 10, max: 1_000 }), 500),
    INDEX_RETENTION_DAYS: numberVariable(wholeNumber({ min: 1, max: 3_650 }), 90),
    INDEX_INTERVAL_SECONDS: numberVariable(wholeNumber({ min: 0, max: 3_600 }), 10),
    INDEX_BUDGET_SHARE: numberVariable(decimalNumber({ min: 0.01, max: 0.8 }), 0.2),
  })
  .transform((env) => ({
    /** A PostgreSQL server's URL; undefined: PGlite in this process. */
    databaseUrl: env.DATABASE_URL,
    /** PGlite's directory (absolute), when there is no DATABASE_URL. */
    dir: resolve(env.INDEX_DIR),
    /** The page size the sync asks for first (a refused size is halved and remembered). */
    pageSize: env.INDEX_PAGE_SIZE,
    /** How far back the index keeps alarms. */
    retentionMs: env.INDEX_RETENTION_DAYS * 24 * 3600_000,
    /** How often the sync reads each deployment's newest window; 0: the sync is off. */
    intervalMs: env.INDEX_INTERVAL_SECONDS * 1000,
    /** The share (0..1) of each deployment's GET budget the sync may spend. */
    budgetShare: env.INDEX_BUDGET_SHARE,
  }));

export type IndexEnv = z.output<typeof indexVariables>;
