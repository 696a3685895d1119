import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { AlarmList } from "@/components/alarms/alarm-list";
import { formsForMobileHint } from "@/components/list/list-forms-hint";
import { parseAlarmListQuery } from "@/lib/shared/alarms/query";
import { makeQueryClient } from "@/lib/shared/queries/query-client";
import { alarmsQueryOptions } from "@/lib/shared/queries/query-options";
import { listTitle } from "@/lib/shared/alarms/titles";
import { pageDeployment } from "@/lib/server/pages/deployment";
import { readListPage } from "@/lib/server/pages/list";

type Props = {
  params: Promise<{ deployment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // The same read the page makes (shared in flight and cached), so the title the server streams
  // says what the browser's own title says, and neither replaces the other with less.
  const { query } = parseAlarmListQuery(await searchParams);
  const { info } = await pageDeployment((await params).deployment);
  const total = await readListPage(info.key, query).then(
    (page) => page.page.totalElements,
    () => undefined,
  );
  return { title: { absolute: listTitle(query, total, info) } };
}

export default async function AlarmsPage({ params, searchParams }: Props) {
  const search = await searchParams; // request-time: the page is never prerendered
  const { info } = await pageDeployment((await params).deployment);
  const { query } = parseAlarmListQuery(search);
  const queryClient = makeQueryClient();
  // The same key the browser uses, filled straight from USM Anywhere (or, for a search, the
  // index) instead of via /api. A failure is not dehydrated: the browser then asks /api itself
  // and shows the error with Retry (or, for a search, where it could not be read).
  await queryClient.prefetchQuery({
    ...alarmsQueryOptions(info.key, query),
    queryFn: () => readListPage(info.key, query),
    retry: false, // the server answers now; waiting out a rate limit is the browser's job
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {/* No Suspense fallback: the rows are the first paint (and the page's LCP), not a skeleton
          swapped for them once the scripts have run. */}
      <AlarmList forms={formsForMobileHint((await headers()).get("sec-ch-ua-mobile"))} />
    </HydrationBoundary>
  );
}
