import "server-only";
import type { Transaction } from "kysely";
import type { ConsoleDatabase, Database } from "@/lib/server/db";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import { bindAnalyst } from "@/lib/server/search/query-language/bind";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { SEARCH_STATEMENT_TIMEOUT_MS, isTooSlow, readIndex } from "@/lib/server/search/read-index";
import { SEARCH_KEY } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import type { SearchNode } from "@/lib/shared/search/ast";

// How a read of a view runs on the index: its search read into a tree (400 on `q`, with where),
// one read-only snapshot, a statement cut short by the timeout said as the search's fault (400:
// narrow it), a server gone as 503 index_unavailable.

/** Where the index comes from: this process's database unless a test hands one in. */
export interface IndexInput {
  database?: ConsoleDatabase;
  now?: number;
  /** The index's status of each deployment (default: this server's sync's). */
  statuses?: (deployments: readonly string[]) => Promise<Map<string, IndexStatus>>;
  /** How long the index keeps alarms (default INDEX_RETENTION_DAYS). */
  retentionMs?: number;
}

/**
 * `work` on the index, in `analyst`'s turn (null: for no one); a statement cut short by the
 * timeout is the search's fault (400 on `param`: narrow it), a server gone is 503
 * index_unavailable.
 */
export async function readView<T>(
  database: ConsoleDatabase,
  work: (db: Transaction<Database>) => Promise<T>,
  { analyst, param = SEARCH_KEY }: { analyst: string | null; param?: string },
) {
  try {
    return await readIndex(database, work, { analyst });
  } catch (error) {
    if (!isTooSlow(error)) throw asIndexUnavailable(error);
    throw new ApiError(
      "invalid_request",
      `${param}: this search took too long (over ${SEARCH_STATEMENT_TIMEOUT_MS / 1000} s): ` +
        "narrow it, say with a time range, a field or a longer term",
      { param, cause: error },
    );
  }
}

/**
 * `q` read into its tree for `analyst` (each `owner:me`, `closed_by:me` is theirs; null: for no
 * one, and `owner:me` matches no alarm), or 400 on `q` saying what and where (the box shows a caret there).
 */
export function readSearch(q: string, analyst: string | null): SearchNode {
  const parsed = parseSearch(q);
  if (parsed.ok) return bindAnalyst(parsed.query, analyst);
  const { message, position } = parsed.problem;
  throw new ApiError("invalid_request", `${message} (at character ${position + 1})`, {
    param: SEARCH_KEY,
    position,
  });
}
