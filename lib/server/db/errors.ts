import "server-only";
import { ApiError } from "@/lib/shared/core/errors";

// The database's failures as an analyst is told of them: a statement stopped at its limit
// (PostgreSQL's 57014, which PGlite's thread raises too: ./statement-limit.ts) says how to narrow
// the view; a server gone or refusing work is 503 index_unavailable; anything else is left as it
// is (a bug, logged as one). A turn at the index refused is already our ApiError
// (lib/server/search/read-index.ts) and passes through unchanged.

// Node's and PostgreSQL's codes for a server that is gone or refusing work: class 08
// (connection), 53 (resources), 57 (operator intervention: shutdown, statement timeout).
const GONE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);

/** A database failure an analyst can do nothing about as 503 index_unavailable; else itself. */
export function asIndexUnavailable(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "57014") {
    return new ApiError(
      "index_unavailable",
      "The index took too long to answer this view: narrow it (a shorter time range, fewer " +
        "deployments, a filter or a longer search term) and try again.",
      { cause: error },
    );
  }
  const gone =
    (typeof code === "string" && (GONE.has(code) || /^(08|53|57)/.test(code))) ||
    // pg's words for a client whose server went away under it (no code: not the server's).
    /connection (terminated|ended)|timeout exceeded when trying to connect|encountered a connection error and is not queryable/i.test(
      error.message,
    );
  return gone
    ? new ApiError("index_unavailable", "the index's database server does not answer", {
        cause: error,
      })
    : error;
}
