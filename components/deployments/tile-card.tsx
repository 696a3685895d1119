import Link from "next/link";
import { listPath } from "@/lib/shared/alarms/paths";
import { CRITICAL_UNFILTERABLE, FILTERABLE_PRIORITIES } from "@/lib/shared/alarms/priority";
import type { DeploymentTile } from "@/lib/shared/deployments/tile";
import { KIND_NAME, type DeploymentInfo } from "@/lib/shared/deployments/types";
import { ApiError } from "@/lib/shared/core/errors";
import {
  countText,
  labelName,
  openListHref,
  priorityListHref,
  type TileLabel,
} from "./tile-format";
import { TileHealth } from "./tile-health";
import { TileTeam } from "./tile-team";
import { PRIORITY_MARK } from "@/components/ui/priority-colours";
import { Newest } from "./tile-time";

// One deployment's tile on the home page. Its frame (name, kind) shows at once; the counts and
// health stream in when the deployment has answered (or failed to). A count that failed reads
// "unknown" and the tile says why: a 0 would claim a quiet queue nobody has seen.

const KIND_STYLE: Record<DeploymentInfo["kind"], string> = {
  anywhere:
    "text-slate-700 bg-slate-50 ring-slate-300 dark:text-slate-200 dark:bg-slate-800 dark:ring-slate-600",
  central:
    "text-teal-800 bg-teal-50 ring-teal-200 dark:text-teal-200 dark:bg-teal-950 dark:ring-teal-800",
};

/** "unknown" in place of a number: quieter than a count, so it is not read as one. */
const UNKNOWN_STYLE = "text-base text-slate-500 italic dark:text-slate-400";

/** What a tile shows before (or without) its counts: the labels every deployment knows. */
const KNOWN: readonly TileLabel[] = FILTERABLE_PRIORITIES;

const headingId = (key: string) => `tile-${key}`;

function TileFrame({
  info,
  busy = false,
  children,
}: {
  info: DeploymentInfo;
  busy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId(info.key)}
      aria-busy={busy || undefined}
      className="panel flex min-w-0 flex-col gap-3 p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId(info.key)} className="min-w-0 text-base font-semibold break-words">
          <Link href={listPath(info.key)} className="hover:underline">
            {info.name}
          </Link>
        </h2>
        <span
          className={`inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${KIND_STYLE[info.kind]}`}
        >
          {KIND_NAME[info.kind]}
        </span>
      </div>
      {children}
    </article>
  );
}

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

/** The tile while its deployment is being asked: the real frame, placeholder numbers. */
export function TileSkeleton({ info }: { info: DeploymentInfo }) {
  return (
    <TileFrame info={info} busy>
      <p className="sr-only">Loading the counts of {info.name}…</p>
      <div className="grid grid-cols-2 gap-2">
        <Bar className="h-12" />
        <Bar className="h-12" />
      </div>
      <div className="flex flex-col gap-1">
        <Bar className="h-3 w-20" />
        <Bar className="h-8 w-24" />
      </div>
      <div className="grid grid-cols-3 gap-2">
        {KNOWN.map((label) => (
          <Bar key={label} className="h-12" />
        ))}
      </div>
      <Bar className="h-4 w-2/3" />
      <div className="flex flex-col gap-1.5 border-t border-slate-100 pt-3 dark:border-slate-800">
        <Bar className="h-3 w-1/2" />
        <Bar className="h-3 w-3/4" />
        <Bar className="h-3 w-2/3" />
      </div>
    </TileFrame>
  );
}

function Problem({ name, code, message }: { name: string; code: string; message: string }) {
  return (
    <div className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
      <p>
        <span className="font-semibold">{name}:</span> {message}
      </p>
      <p className="mt-0.5 font-mono text-xs text-red-800/80 dark:text-red-200/70">{code}</p>
    </div>
  );
}

/**
 * "High: 12" as one phrase for screen readers. The visible label and number sit in separate
 * boxes, which assistive technology would read apart (or as "High 12"), so they are hidden from
 * it and this says them instead.
 */
function SpokenCount({ name, count }: { name: string; count: number | null }) {
  return (
    <span className="sr-only">
      {name}: {countText(count)}
    </span>
  );
}

/** USM's own count: its status, not the team's state, and named so. */
function OpenTotal({ deployment, count }: { deployment: string; count: number | null }) {
  return (
    <Link href={openListHref(deployment)} className="group flex flex-col self-start rounded">
      <SpokenCount name="Open in USM" count={count} />
      <span aria-hidden="true" className="field-label">
        Open in USM · USM&apos;s status
      </span>
      <span
        aria-hidden="true"
        className={`h-8 leading-8 tabular-nums group-hover:underline ${
          count === null ? UNKNOWN_STYLE : "text-2xl font-semibold"
        }`}
      >
        {countText(count)}
      </span>
    </Link>
  );
}

function PriorityCount({
  deployment,
  label,
  count,
}: {
  deployment: string;
  label: TileLabel;
  count: number | null;
}) {
  const href = priorityListHref(deployment, label);
  const content = (
    <>
      <SpokenCount name={labelName(label)} count={count} />
      <span
        aria-hidden="true"
        className="flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300"
      >
        <span className={`inline-block h-2 w-2 rounded-sm ${PRIORITY_MARK[label]}`} />
        {labelName(label)}
      </span>
      <span
        aria-hidden="true"
        className={`h-7 truncate leading-7 tabular-nums ${
          count === null ? UNKNOWN_STYLE : "text-lg font-semibold"
        }`}
      >
        {countText(count)}
      </span>
    </>
  );
  const box = "flex h-full flex-col gap-0.5 rounded border px-2 py-1.5";
  return (
    <li className="min-w-0">
      {href ? (
        <Link
          href={href}
          className={`${box} border-slate-200 hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:border-slate-600 dark:hover:bg-slate-800/60`}
        >
          {content}
        </Link>
      ) : (
        <div
          className={`${box} border-dashed border-slate-200 dark:border-slate-700`}
          title={
            label === "other"
              ? "Open alarms of labels other than critical, high, medium and low"
              : `Critical (${CRITICAL_UNFILTERABLE})`
          }
        >
          {content}
        </div>
      )}
    </li>
  );
}

interface Settled {
  value: DeploymentTile | null;
  error: { code: string; message: string } | null;
  /** When the tile settled: what its relative times are counted from. */
  now: number;
}

/** The tile's read, or why there is none; never rejects. */
async function settle(tile: Promise<DeploymentTile>): Promise<Settled> {
  try {
    const value = await tile;
    return { value, error: value.error, now: Date.now() };
  } catch (error) {
    // Our own errors say what happened; anything else is a defect worth a line in the log.
    if (!(error instanceof ApiError))
      console.error("[alarm-console] deployment tile failed", error);
    return {
      value: null,
      error:
        error instanceof ApiError
          ? { code: error.code, message: error.message }
          : { code: "internal", message: "Something went wrong on our side." },
      now: Date.now(),
    };
  }
}

/** A deployment's tile, once `tile` has settled; never throws, so one tile never hides others. */
export async function TileCard({
  info,
  tile,
}: {
  info: DeploymentInfo;
  tile: Promise<DeploymentTile>;
}) {
  const settled = await settle(tile);
  const { now } = settled;
  const counts = settled.value?.counts ?? null;
  const byPriority =
    counts?.byPriority ?? KNOWN.map((label) => ({ label, count: null as number | null }));
  const columns = byPriority.length > 3 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3";
  return (
    <TileFrame info={info}>
      <TileTeam deployment={info.key} team={settled.value?.team ?? null} />
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 dark:border-slate-800">
        {settled.error ? <Problem name={info.name} {...settled.error} /> : null}
        <OpenTotal deployment={info.key} count={counts?.open ?? null} />
        <ul aria-label="Open in USM by priority" className={`grid gap-2 ${columns}`}>
          {byPriority.map((entry) => (
            <PriorityCount
              key={entry.label}
              deployment={info.key}
              label={entry.label}
              count={entry.count}
            />
          ))}
        </ul>
        <Newest open={counts?.open ?? null} newestAt={counts?.newestAt ?? null} now={now} />
      </div>
      <div className="border-t border-slate-100 pt-3 dark:border-slate-800">
        <h3 className="sr-only">Health of {info.name}</h3>
        {settled.value ? (
          <TileHealth health={settled.value.health} index={settled.value.index} now={now} />
        ) : (
          <p className="text-xs text-slate-500 dark:text-slate-400">Health unknown</p>
        )}
      </div>
    </TileFrame>
  );
}
