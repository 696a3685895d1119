// The page of the list of every deployment while nothing is known yet (its loading state, the
// page's Suspense fallback).

import { ListPageSkeleton } from "@/components/list/table-skeleton";

export function EveryDeploymentSkeleton() {
  return <ListPageSkeleton title="All deployments" summary="Newest first" deployments />;
}
