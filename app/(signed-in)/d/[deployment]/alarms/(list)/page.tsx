import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { AlarmList } from "@/components/alarms/alarm-list";
import { formsForMobileHint } from "@/components/list/list-forms-hint";
import { parseListView } from "@/lib/shared/alarms/url-state";
import { makeQueryClient } from "@/lib/shared/queries/query-client";
import { alarmsQueryOptions, groupsQueryOptions } from "@/lib/shared/queries/query-options";
import { listTitle } from "@/lib/shared/alarms/titles";
import { pageDeployment } from "@/lib/server/pages/deployment";
import { readGroupsPage, readListPage } from "@/lib/server/pages/list";
import { countedByIndex } from "@/lib/server/reads/counts";

type Props = {
  params: Promise<{ deployment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // The same read the page makes (shared in flight and cached), so the title the server streams
  // says what the browser's own title says, and neither replaces the other with less.
  const { query, group } = parseListView(await searchParams).view;
  const { info } = await pageDeployment((await params).deployment);
  const total = await (
    group
      ? readGroupsPage(info.key, query, group.slice(0, 1)).then((page) => page.alarms)
      : readListPage(info.key, query).then((page) => page.page.totalElements)
  ).catch(() => undefined);
  return { title: { absolute: listTitle(query, total, info) } };
}

export default async function AlarmsPage({ params, searchParams }: Props) {
  const search = await searchParams; // request-time: the page is never prerendered
  const { info } = await pageDeployment((await params).deployment);
  const { query, group } = parseListView(search).view;
  const queryClient = makeQueryClient();
  // The same key the browser uses, filled straight from USM Anywhere (or, for a search or
  // groups, the index) instead of via /api. A failure is not dehydrated: the browser then asks
  // /api itself and shows the error with Retry (or, for a search, where it could not be read).
  await (group
    ? queryClient.prefetchQuery({
        // The first field's groups: the others open within them.
        ...groupsQueryOptions(info.key, query, group.slice(0, 1)),
        queryFn: () => readGroupsPage(info.key, query, group.slice(0, 1)),
        retry: false,
      })
    : queryClient.prefetchQuery({
        ...alarmsQueryOptions(info.key, query),
        queryFn: () => readListPage(info.key, query),
        retry: false, // the server answers now; waiting out a rate limit is the browser's job
      }));
  // Held whole by the index, the overview costs the upstream nothing: asked for with the rows.
  const indexed = await countedByIndex(info.key);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {/* No Suspense fallback: the rows are the first paint (and the page's LCP), not a skeleton
          swapped for them once the scripts have run. */}
      <AlarmList
        forms={formsForMobileHint((await headers()).get("sec-ch-ua-mobile"))}
        indexed={indexed}
      />
    </HydrationBoundary>
  );
}
