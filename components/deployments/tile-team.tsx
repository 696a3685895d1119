import Link from "next/link";
import { formatCount } from "@/lib/shared/alarms/format";
import {
  TEAM_COUNTS,
  TEAM_QUERIES,
  closedTodayQuery,
  teamListHref,
  type TeamCountName,
  type TeamCounts,
  type TeamNumber,
} from "@/lib/shared/deployments/tile";
import { VERDICTS, VERDICT_NAMES, type Verdict } from "@/lib/shared/triage/types";

// The team's state of one deployment on its tile, from the console's own database: what is open
// for the team (not closed by it, whatever USM's status says), unacknowledged, unowned, the
// analyst's own, and closed today by verdict. Each number links to exactly the alarms it counts
// (a search of the deployment's list), and is that list's total. Unknown, never 0, when the
// database could not be read.

const NAMES: Record<TeamCountName, string> = {
  open: "Open for the team",
  unacknowledged: "Unacknowledged",
  unowned: "Unowned",
  mine: "Mine",
};

const UNKNOWN = "unknown";

/** "2,000+" past the search's cap, as the list says "2,000 or more". */
function numberText(number: TeamNumber | null): string {
  if (!number) return UNKNOWN;
  return `${formatCount(number.count)}${number.atLeast ? "+" : ""}`;
}

function Count({
  name,
  number,
  href,
  big = false,
}: {
  name: string;
  number: TeamNumber | null;
  href: string;
  big?: boolean;
}) {
  const text = numberText(number);
  const value =
    number === null
      ? "text-base text-slate-500 italic dark:text-slate-400"
      : big
        ? "text-2xl font-semibold"
        : "text-lg font-semibold";
  const content = (
    <>
      <span className="sr-only">
        {name}: {text}
      </span>
      <span
        aria-hidden="true"
        className="truncate text-xs font-medium text-slate-600 dark:text-slate-300"
      >
        {name}
      </span>
      <span aria-hidden="true" className={`h-8 truncate leading-8 tabular-nums ${value}`}>
        {text}
      </span>
    </>
  );
  const box = "flex h-full min-w-0 flex-col rounded border px-2 py-1";
  return (
    <li className="min-w-0">
      {number === null ? (
        <div className={`${box} border-dashed border-slate-200 dark:border-slate-700`}>
          {content}
        </div>
      ) : (
        <Link
          href={href}
          className={`${box} border-slate-200 hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:border-slate-600 dark:hover:bg-slate-800/60`}
        >
          {content}
        </Link>
      )}
    </li>
  );
}

function ClosedToday({ deployment, team }: { deployment: string; team: TeamCounts | null }) {
  const byVerdict = new Map(team?.closedToday.map((entry) => [entry.verdict, entry.count]));
  return (
    <div className="flex flex-col gap-1">
      <h4 className="field-label">Closed today</h4>
      <ul aria-label="Closed today by verdict" className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {VERDICTS.map((verdict: Verdict) => {
          const number = byVerdict.get(verdict) ?? null;
          const text = numberText(number);
          const label = (
            <>
              {VERDICT_NAMES[verdict]}{" "}
              <span
                className={
                  number
                    ? "font-semibold tabular-nums"
                    : "text-slate-500 italic dark:text-slate-400"
                }
              >
                {text}
              </span>
            </>
          );
          return (
            <li key={verdict}>
              {team && number ? (
                <Link
                  href={teamListHref(
                    deployment,
                    closedTodayQuery(verdict, team.since, team.zone),
                    team.zone,
                  )}
                  className="rounded hover:underline"
                >
                  {label}
                </Link>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The team's section of a tile. */
export function TileTeam({ deployment, team }: { deployment: string; team: TeamCounts | null }) {
  const zone = team?.zone;
  return (
    <section aria-label="The team's queue" className="@container flex flex-col gap-2">
      <h3 className="field-label">
        Team queue · this console
        {team?.partial ? (
          <span className="text-amber-800 normal-case dark:text-amber-300">
            {" "}
            · so far: the index is still reading
          </span>
        ) : null}
      </h3>
      <ul className="grid grid-cols-2 gap-2 @md:grid-cols-4">
        {TEAM_COUNTS.map((name) => (
          <Count
            key={name}
            name={NAMES[name]}
            number={team?.counts[name] ?? null}
            href={teamListHref(deployment, TEAM_QUERIES[name], zone ?? "UTC")}
            big={name === "open"}
          />
        ))}
      </ul>
      <ClosedToday deployment={deployment} team={team} />
    </section>
  );
}
