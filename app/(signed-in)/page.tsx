import type { Metadata } from "next";
import { DeploymentTiles } from "@/components/deployments/deployment-tiles";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { readHomeTiles } from "@/lib/server/pages/home";

export const metadata: Metadata = { title: "Deployments" };

// The home page: one tile per deployment the analyst may see. Every tile's reads start here, at
// once; each tile waits for its own in a Suspense boundary, so the page's shell is sent at once.
export default async function Home() {
  return <DeploymentTiles entries={readHomeTiles(await requireAnalyst())} />;
}
