import { DEPLOYMENT_KEY } from "./types";

// Which deployments a list (its rows, groups, overview, counts, export, live watch) is of: one
// deployment, several named ones, or every one the analyst may see. The path names one by its
// key (`/d/acme/alarms`) and the others by the reserved segment `all` (`/d/all/alarms`, narrowed
// by the view's `deployments`). This is the one place that knows `all` is not a key: everything
// else asks the scope. Browser-safe.

/** The path segment of the list of several or every deployment; never a deployment's key. */
const EVERY_SEGMENT = "all";

export type ListScope =
  /** One deployment's alarms, by its key. */
  | { kind: "deployment"; key: string }
  /** The alarms of these deployments (keys, at least one), among those the analyst may see. */
  | { kind: "several"; keys: readonly string[] }
  /** The alarms of every deployment the analyst may see. */
  | { kind: "all" };

export const EVERY_DEPLOYMENT: ListScope = { kind: "all" };

export function oneDeployment(key: string): ListScope {
  return { kind: "deployment", key };
}

/** Several named deployments; none named: every one. */
export function someDeployments(keys: readonly string[]): ListScope {
  return keys.length === 0 ? EVERY_DEPLOYMENT : { kind: "several", keys: [...keys] };
}

/** Whether a deployment may take `key`: not a slug, or the reserved segment, it may not. */
export function isDeploymentKey(key: string): boolean {
  return DEPLOYMENT_KEY.test(key) && key !== EVERY_SEGMENT;
}

/** The reserved segment, for the error that refuses it as a deployment's key. */
export const RESERVED_SEGMENT = EVERY_SEGMENT;

/**
 * What a path's deployment segment names: a deployment's key or the list of several or every
 * deployment (which ones: the view's `deployments`, read with the rest of the view). Null: it
 * can name neither (not a slug).
 */
export function scopeOfSegment(segment: string): ListScope | null {
  if (segment === EVERY_SEGMENT) return EVERY_DEPLOYMENT;
  return DEPLOYMENT_KEY.test(segment) ? oneDeployment(segment) : null;
}

/** The scope's segment in paths. */
export function scopeSegment(scope: ListScope): string {
  return scope.kind === "deployment" ? scope.key : EVERY_SEGMENT;
}

/** Whether a segment names several or every deployment rather than one. */
export function isEverySegment(segment: string): boolean {
  return segment === EVERY_SEGMENT;
}

/** The deployments a scope names (every visible one for `all`), in the order `visible` has. */
export function scopeKeys(scope: ListScope, visible: readonly string[]): string[] {
  switch (scope.kind) {
    case "deployment":
      return visible.includes(scope.key) ? [scope.key] : [];
    case "several":
      return visible.filter((key) => scope.keys.includes(key));
    case "all":
      return [...visible];
  }
}

/** The deployments a scope names explicitly ([] for every one): a view's `deployments`. */
export function namedKeys(scope: ListScope): readonly string[] {
  return scope.kind === "deployment" ? [scope.key] : scope.kind === "several" ? scope.keys : [];
}
