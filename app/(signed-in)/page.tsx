import type { Metadata } from "next";
import { DeploymentTiles } from "@/components/deployments/deployment-tiles";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { readHomeTiles } from "@/lib/server/pages/home";
import { UTC } from "@/lib/shared/alarms/time-zone";
import { TZ_KEY, parseTimeZoneParam } from "@/lib/shared/alarms/view";

export const metadata: Metadata = { title: "Deployments" };

// The home page: one tile per deployment the analyst may see. Every tile's reads start here, at
// once; each tile waits for its own in a Suspense boundary, so the page's shell is sent at once.
// `tz` is the analyst's zone (the browser's, which the page writes into its URL when absent):
// the team's "closed today" begins at its midnight, and the tiles' links show times in it.
export default async function Home({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams)[TZ_KEY];
  const zone = (typeof raw === "string" ? parseTimeZoneParam(raw) : null) ?? UTC;
  const analyst = await requireAnalyst();
  return <DeploymentTiles entries={readHomeTiles(analyst, zone)} zoneGiven={raw !== undefined} />;
}
