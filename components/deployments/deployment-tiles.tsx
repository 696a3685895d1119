import Link from "next/link";
import { Suspense } from "react";
import { EVERY_LIST_PATH } from "@/lib/shared/alarms/paths";
import type { DeploymentTile } from "@/lib/shared/deployments/tile";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";
import { RefreshEvery } from "./refresh-every";
import { TileLive } from "./tile-live";
import { TileCard, TileSkeleton } from "./tile-card";

/** How often the tiles are read again while the page is open (their counts are shared 30 s). */
const REFRESH_MS = 60_000;

// The home page: every deployment the analyst may see, at a glance. Each tile streams in on its
// own as its deployment answers, so one slow or failing deployment never holds the others back.

export interface TileEntry {
  info: DeploymentInfo;
  /** Started by the page, all at once; settles when the deployment has answered or failed. */
  tile: Promise<DeploymentTile>;
}

export function DeploymentTiles({
  entries,
  zoneGiven = true,
}: {
  entries: readonly TileEntry[];
  /** Whether the URL named the analyst's zone (else the browser's is written into it). */
  zoneGiven?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <RefreshEvery ms={REFRESH_MS} />
      <TileLive zoneGiven={zoneGiven} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-lg font-semibold">Deployments</h1>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            The team&apos;s queue, USM&apos;s open alarms and the health of every deployment you may
            see
          </p>
        </div>
        {entries.length >= 2 ? (
          <Link href={EVERY_LIST_PATH} className="btn-secondary">
            All deployments&apos; queue
          </Link>
        ) : null}
      </div>
      {entries.length === 0 ? (
        <div className="panel flex flex-col items-center gap-2 px-4 py-12 text-center">
          <h2 className="text-base font-semibold">No deployment to show</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            None of the configured deployments is open to you. An administrator can add you to one.
          </p>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {entries.map(({ info, tile }) => (
            <Suspense key={info.key} fallback={<TileSkeleton info={info} />}>
              <TileCard info={info} tile={tile} />
            </Suspense>
          ))}
        </div>
      )}
    </div>
  );
}
