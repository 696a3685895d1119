import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { ApiError } from "@/lib/shared/core/errors";
import { type UsmCall } from "@/lib/server/usm";
import type { Analyst } from "@/lib/server/auth/session";
import { deploymentRegistry, type Deployment } from "@/lib/server/deployments/registry";
import { scopeOfSegment } from "@/lib/shared/deployments/scope";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";

// For pages and layouts: the deployment a path names, for the signed-in analyst, or (the path's
// `all`) every one they may see. A key that names no deployment and one the analyst may not see
// both render the not-found page.

export interface PageDeployment {
  deployment: Deployment;
  info: DeploymentInfo;
  call: UsmCall;
  /** Every deployment the analyst may see (what a search of the index may read). */
  allowed: string[];
  /** Who the page is for (a search's `owner:me`). */
  analyst: Analyst;
}

export const pageDeployment = cache(async (key: string): Promise<PageDeployment> => {
  const analyst = await requireAnalyst();
  let deployment: Deployment;
  try {
    deployment = deploymentRegistry().get(key, analyst);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  return {
    deployment,
    info: { key: deployment.key, name: deployment.name, kind: deployment.kind },
    call: { analyst: analyst.id, client: deployment.client() },
    analyst,
    allowed: deploymentRegistry()
      .visibleTo(analyst)
      .map((visible) => visible.key),
  };
});

/** The deployments the signed-in analyst may see, as the browser may know them. */
export const visibleDeployments = cache(async (): Promise<DeploymentInfo[]> => {
  const analyst = await requireAnalyst();
  return deploymentRegistry()
    .visibleTo(analyst)
    .map(({ key, name, kind }) => ({ key, name, kind }));
});

/** What a page's deployment segment names: one of the analyst's deployments, or every one. */
export type PageScope =
  ({ kind: "deployment" } & PageDeployment) | { kind: "all"; analyst: Analyst };

/**
 * The scope a path's segment names for the signed-in analyst: `all`, every deployment they may
 * see; a key, that deployment (not found otherwise, as pageDeployment).
 */
export const pageScope = cache(async (segment: string): Promise<PageScope> => {
  if (scopeOfSegment(segment)?.kind === "all")
    return { kind: "all", analyst: await requireAnalyst() };
  return { kind: "deployment", ...(await pageDeployment(segment)) };
});
