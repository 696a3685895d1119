// What the browser may know of a deployment: its key (in paths), name and kind. Never its
// address or credentials. Client-safe.

export const DEPLOYMENT_KINDS = ["anywhere", "central"] as const;
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];

/** A deployment's key: a URL slug. */
export const DEPLOYMENT_KEY = /^[a-z0-9][a-z0-9-]{0,62}$/;

export interface DeploymentInfo {
  key: string;
  name: string;
  kind: DeploymentKind;
}

export const KIND_NAME: Record<DeploymentKind, string> = {
  anywhere: "USM Anywhere",
  central: "USM Central",
};
