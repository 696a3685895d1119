import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// The longest one statement of the work under way may run, where a caller sets one (an analyst's
// read of the index: lib/server/search/read-index.ts). PostgreSQL enforces it itself (the read sets
// statement_timeout); PGlite ignores statement_timeout (measured: a 9 s statement ran to its end
// under a 500 ms one), so its thread (./pglite-thread.ts) reads the limit from here and stops the
// statement. Carried by the async context, like the analyst a request is for, so that no layer
// between the read and the engine has to pass it along.

const storage = new AsyncLocalStorage<number>();

/** Runs `work` with each of its statements limited to `ms` (on the embedded engine). */
export function withStatementLimit<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return storage.run(ms, work);
}

/** The limit of the statements under way, if their caller set one. */
export function statementLimit(): number | undefined {
  return storage.getStore();
}

/** The error a statement stopped at its limit fails with: PostgreSQL's own (57014). */
export function statementTimeoutError(): Error {
  return Object.assign(new Error("canceling statement due to statement timeout"), {
    code: "57014",
  });
}
