import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import {
  TEAM_COUNTS,
  TEAM_QUERIES,
  closedTodayQuery,
  type TeamCounts,
  type TeamNumber,
} from "@/lib/shared/deployments/tile";
import { VERDICTS } from "@/lib/shared/triage/types";
import { bindAnalyst } from "@/lib/server/search/query-language/bind";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { MATCH_CAP, countMatches } from "@/lib/server/search/search";
import { withWords } from "@/lib/server/search/search-where";

// The team's state of one deployment as the home's tile counts it: each number is the count of
// the search its link opens (lib/shared/deployments/tile.ts writes both), read for the analyst
// who looks (owner:me is theirs) and counted by the list's own count, up to the list's cap. So the
// number on the tile is the total of the list it leads to, by construction, on either engine.

/** `q`'s matches in `deployment`, as the list of that search counts them. */
async function counted(
  db: Kysely<Database>,
  deployment: string,
  q: string,
  analyst: string,
): Promise<TeamNumber> {
  const parsed = parseSearch(q);
  // The queries are the tile's own: one that does not read is a defect, not the analyst's.
  if (!parsed.ok) throw new Error(`team count '${q}': ${parsed.problem.message}`);
  const where = await withWords(db, {
    allowed: [deployment],
    deployments: [deployment],
    search: bindAnalyst(parsed.query, analyst),
    filters: {},
  });
  const matches = await countMatches(db, where, MATCH_CAP);
  return { count: Math.min(matches, MATCH_CAP), atLeast: matches > MATCH_CAP };
}

/**
 * The team's counts of `deployment` for `analyst`: open for the team, unacknowledged, unowned,
 * theirs, and closed since `since` (their local midnight in `zone`) by verdict. Run in one
 * snapshot by the caller, so the numbers agree with each other.
 */
export async function teamCounts(
  db: Kysely<Database>,
  deployment: string,
  analyst: string,
  { since, zone }: { since: number; zone: string },
): Promise<TeamCounts> {
  const counts = {} as TeamCounts["counts"];
  for (const name of TEAM_COUNTS) {
    counts[name] = await counted(db, deployment, TEAM_QUERIES[name], analyst);
  }
  const closedToday: TeamCounts["closedToday"] = [];
  for (const verdict of VERDICTS) {
    const q = closedTodayQuery(verdict, since, zone);
    closedToday.push({ verdict, count: await counted(db, deployment, q, analyst) });
  }
  return { counts, closedToday, since, zone, partial: false };
}
