import type { DeploymentTile } from "@/lib/shared/deployments/tile";
import {
  TOKEN_TEXT,
  budgetMeaning,
  budgetText,
  tokenHealth,
  type TokenHealth,
} from "./tile-format";
import { TileIndex } from "./tile-index";
import { TileTime } from "./tile-time";

// A deployment's health as this replica sees it: its token, the last upstream failure any replica
// met in the past day (red while no answer came since, plain once it recovered), how much of its call budget is in use, and how far its index is in step.

const TOKEN_DOT: Record<TokenHealth, string> = {
  valid: "bg-emerald-500",
  expired: "bg-amber-500",
  none: "bg-slate-400 dark:bg-slate-500",
};

const TOKEN_DETAIL: Record<TokenHealth, string> = {
  valid: "",
  expired: "renewed on the next read",
  none: "on this server yet",
};

/** A failure still going on (no answer since), and one the deployment has recovered from. */
const FAILING = "text-red-800 dark:text-red-300";
const PAST = "text-slate-700 dark:text-slate-300";

export function TileHealth({
  health,
  index,
  now,
}: {
  health: DeploymentTile["health"];
  index: DeploymentTile["index"];
  now: number;
}) {
  const token = tokenHealth({ valid: health.tokenValid, expiresAt: health.tokenExpiresAt });
  const { lastError, budget } = health;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
      <dt className="text-slate-500 dark:text-slate-400">Token</dt>
      <dd className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={`inline-block h-2 w-2 rounded-full ${TOKEN_DOT[token]}`}
        />
        <span>
          {TOKEN_TEXT[token]}
          {token === "valid" && health.tokenExpiresAt !== null ? (
            <span className="text-slate-500 dark:text-slate-400">
              , expires <TileTime ms={health.tokenExpiresAt} now={now} future />
            </span>
          ) : TOKEN_DETAIL[token] ? (
            <span className="text-slate-500 dark:text-slate-400"> {TOKEN_DETAIL[token]}</span>
          ) : null}
        </span>
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">Last error</dt>
      <dd className="min-w-0">
        {lastError ? (
          <>
            <span className={lastError.recoveredAt === null ? FAILING : PAST}>
              {lastError.message}
            </span>{" "}
            <span className="text-slate-500 dark:text-slate-400">
              (<code className="font-mono text-[11px]">{lastError.code}</code>,{" "}
              <TileTime ms={lastError.at} now={now} />)
              {lastError.recoveredAt === null ? null : (
                <>
                  , recovered <TileTime ms={lastError.recoveredAt} now={now} />
                </>
              )}
            </span>
          </>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">None in the past day</span>
        )}
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">Calls</dt>
      <dd className="tabular-nums" title={budgetMeaning(budget)}>
        {budgetText(budget)}
        <span className="sr-only"> ({budgetMeaning(budget)})</span>
      </dd>
      <TileIndex index={index} now={now} />
    </dl>
  );
}
