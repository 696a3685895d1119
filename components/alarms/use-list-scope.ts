"use client";
// Which list a page is (its scope: lib/shared/deployments/scope.ts) and its view's URL, read by
// the one parser against the deployments the analyst may see (as the API reads it).

import { useCallback, useMemo } from "react";
import { type ListView, isCanonical, parseView, viewHref } from "@/lib/shared/alarms/view";
import { type ListScope, EVERY_DEPLOYMENT, oneDeployment } from "@/lib/shared/deployments/scope";
import { useDeployments } from "@/components/deployments/deployment-context";
import { useViewUrl } from "@/components/list/use-view-url";

const ALL_NAMED = { name: "All deployments" };

/**
 * The list's scope (its path's, as the page read it), what the analyst may see, and the list's
 * names: `nameOf` names a deployment by key, `named` the list.
 */
export function useListScope(given: ListScope) {
  const visible = useDeployments();
  // The same scope whatever object the page's render handed over: what it names decides.
  const segment = given.kind === "deployment" ? given.key : null;
  const scope = useMemo(
    () => (segment !== null ? oneDeployment(segment) : EVERY_DEPLOYMENT),
    [segment],
  );
  const known = useMemo(() => visible.map((deployment) => deployment.key), [visible]);
  const nameOf = useCallback(
    (key: string) => visible.find((deployment) => deployment.key === key)?.name ?? key,
    [visible],
  );
  const named = useMemo(
    () => (scope.kind === "deployment" ? { name: nameOf(scope.key) } : ALL_NAMED),
    [scope, nameOf],
  );
  return { scope, several: scope.kind !== "deployment", visible, known, nameOf, named };
}

/** The view `scope`'s list shows, from its URL (canonical: what it does not take is reported). */
export function useScopeView(scope: ListScope, known: readonly string[]) {
  const url = useMemo(
    () => ({
      parse: (params: URLSearchParams) => parseView(params, scope.kind, { known }),
      href: (view: ListView) => viewHref(scope, view),
      isCanonical,
    }),
    [scope, known],
  );
  return useViewUrl(url);
}
