// The merged queue's page while nothing is known yet (loading.tsx, the page's Suspense fallback).

import { ListPageSkeleton } from "@/components/list/table-skeleton";

export function MergedPageSkeleton() {
  return <ListPageSkeleton title="All deployments" summary="Newest first" deployments />;
}
