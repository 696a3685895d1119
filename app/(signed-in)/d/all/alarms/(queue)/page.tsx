import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { MergedQueue } from "@/components/merged/merged-queue";
import { MergedPageSkeleton } from "@/components/merged/merged-page-skeleton";
import { readMergedGroups, readMergedPage } from "@/lib/server/pages/merged";
import { visibleDeployments } from "@/lib/server/pages/deployment";
import { mergedApiSearch, parseMergedView, type MergedView } from "@/lib/shared/alarms/merged-url";
import { listTitle } from "@/lib/shared/alarms/titles";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import { makeQueryClient } from "@/lib/shared/queries/query-client";
import { groupsQueryOptions, mergedQueryOptions } from "@/lib/shared/queries/query-options";

// /d/all/alarms: the alarms of every deployment the analyst may see. The signed-in layout has
// checked the session and provides the deployments; the page reads the queue's first answer on
// the server (from the index: cheap), under the same key the browser asks /api with.

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function viewOf(props: Props): Promise<MergedView> {
  const known = (await visibleDeployments()).map((deployment) => deployment.key);
  return parseMergedView(await props.searchParams, known).view;
}

/** The view's count where it has one (numbered pages, or groups), for the tab's title. */
async function totalOf(view: MergedView): Promise<number | undefined> {
  if (view.group) return (await readMergedGroups(view)).alarms;
  const page = await readMergedPage(view);
  return page.paging === "pages" ? page.page.totalElements : undefined;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const view = await viewOf(props);
  const total = await totalOf(view).catch(() => undefined);
  return { title: { absolute: listTitle(view.query, total, { name: "All deployments" }) } };
}

export default async function MergedAlarmsPage(props: Props) {
  const view = await viewOf(props);
  const queryClient = makeQueryClient();
  // A failure is not dehydrated: the browser then asks /api itself and shows it with Retry.
  await (view.group
    ? queryClient.prefetchQuery({
        ...groupsQueryOptions(
          ALL_DEPLOYMENTS,
          view.query,
          view.group.slice(0, 1),
          view.deployments,
          view.groupSort,
        ),
        queryFn: () => readMergedGroups(view),
        retry: false,
      })
    : queryClient.prefetchQuery({
        ...mergedQueryOptions(mergedApiSearch(view)),
        queryFn: () => readMergedPage(view),
        retry: false,
      }));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Suspense fallback={<MergedPageSkeleton />}>
        <MergedQueue />
      </Suspense>
    </HydrationBoundary>
  );
}
