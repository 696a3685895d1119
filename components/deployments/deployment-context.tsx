"use client";

import { createContext, useContext } from "react";
import { type DeploymentInfo, KIND_NAME } from "@/lib/shared/deployments/types";

// Which deployments the signed-in analyst may see (the switcher, the list of every deployment's names), and
// which one the page shows: its key builds every path and query key below it.

const VisibleContext = createContext<readonly DeploymentInfo[]>([]);
const CurrentContext = createContext<DeploymentInfo | null>(null);

export function DeploymentsProvider({
  deployments,
  children,
}: {
  deployments: readonly DeploymentInfo[];
  children: React.ReactNode;
}) {
  return <VisibleContext value={deployments}>{children}</VisibleContext>;
}

export function DeploymentProvider({
  deployment,
  children,
}: {
  deployment: DeploymentInfo;
  children: React.ReactNode;
}) {
  return <CurrentContext value={deployment}>{children}</CurrentContext>;
}

/** The deployments the analyst may see, in the configured order. */
export function useDeployments(): readonly DeploymentInfo[] {
  return useContext(VisibleContext);
}

/** The deployment this page shows, or null outside a deployment's pages. */
export function useCurrentDeployment(): DeploymentInfo | null {
  return useContext(CurrentContext);
}

/** The deployment this page shows; only below a deployment's layout. */
export function useDeployment(): DeploymentInfo {
  const deployment = useContext(CurrentContext);
  if (!deployment) throw new Error("useDeployment() outside a deployment's pages");
  return deployment;
}

/**
 * What holds the alarms this page shows, as analysts read it: the deployment's kind ("USM
 * Central"), or "USM" where the page shows several (the list of every deployment).
 */
export function useProductName(): string {
  const deployment = useContext(CurrentContext);
  return deployment ? KIND_NAME[deployment.kind] : "USM";
}
