import { HydrationBoundary, dehydrate, type QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { Suspense } from "react";
import { AlarmList } from "@/components/alarms/alarm-list";
import { formsForMobileHint, type ListForms } from "@/components/list/list-forms-hint";
import { MergedPageSkeleton } from "@/components/merged/merged-page-skeleton";
import { MergedQueue } from "@/components/merged/merged-queue";
import { mergedApiSearch, parseMergedView, type MergedView } from "@/lib/shared/alarms/merged-url";
import { listTitle } from "@/lib/shared/alarms/titles";
import { parseListView } from "@/lib/shared/alarms/url-state";
import { EVERY_DEPLOYMENT, scopeSegment } from "@/lib/shared/deployments/scope";
import { makeQueryClient } from "@/lib/shared/queries/query-client";
import {
  alarmsQueryOptions,
  groupsQueryOptions,
  mergedQueryOptions,
} from "@/lib/shared/queries/query-options";
import { pageScope, visibleDeployments, type PageScope } from "@/lib/server/pages/deployment";
import { readGroupsPage, readListPage } from "@/lib/server/pages/list";
import { readMergedGroups, readMergedPage } from "@/lib/server/pages/merged";
import { countedByIndex } from "@/lib/server/reads/counts";

// /d/{key}/alarms, a deployment's list, and /d/all/alarms, the list of every deployment the
// analyst may see: the view's first answer read on the server under the same key the browser
// asks /api with (from USM Anywhere, or the index for a search, groups or every deployment).

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ deployment: string }>; searchParams: Promise<Search> };
type OneDeployment = Extract<PageScope, { kind: "deployment" }>;

type ListProps = { scope: PageScope; forms: ListForms; indexed: boolean };

/** The list of the scope: one component for both once the list kit composes one. */
function List({ scope, forms, indexed }: ListProps) {
  if (scope.kind === "deployment") return <AlarmList forms={forms} indexed={indexed} />;
  return (
    <Suspense fallback={<MergedPageSkeleton />}>
      <MergedQueue />
    </Suspense>
  );
}

async function allView(search: Search): Promise<MergedView> {
  const known = (await visibleDeployments()).map((deployment) => deployment.key);
  return parseMergedView(search, known).view;
}

/** The view's count where it has one (numbered pages, or groups), for the tab's title. */
async function allTotal(view: MergedView): Promise<number | undefined> {
  if (view.group) return (await readMergedGroups(view)).alarms;
  const page = await readMergedPage(view);
  return page.paging === "pages" ? page.page.totalElements : undefined;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // The same read the page makes (shared in flight and cached), so the title the server streams
  // says what the browser's own title says, and neither replaces the other with less.
  const scope = await pageScope((await params).deployment);
  if (scope.kind === "all") {
    const view = await allView(await searchParams);
    const total = await allTotal(view).catch(() => undefined);
    return { title: { absolute: listTitle(view.query, total, { name: "All deployments" }) } };
  }
  const { query, group } = parseListView(await searchParams).view;
  const { info } = scope;
  const total = await (
    group
      ? readGroupsPage(info.key, query, group.slice(0, 1)).then((page) => page.alarms)
      : readListPage(info.key, query).then((page) => page.page.totalElements)
  ).catch(() => undefined);
  return { title: { absolute: listTitle(query, total, info) } };
}

/** Every deployment's first answer (from the index: cheap). */
async function prefetchAll(queryClient: QueryClient, search: Search): Promise<void> {
  const view = await allView(search);
  await (view.group
    ? queryClient.prefetchQuery({
        ...groupsQueryOptions(
          scopeSegment(EVERY_DEPLOYMENT),
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
}

/**
 * The deployment's first answer, filled straight from USM Anywhere (or, for a search or groups,
 * the index) instead of via /api.
 */
async function prefetchOne(queryClient: QueryClient, { info }: OneDeployment, search: Search) {
  const { query, group } = parseListView(search).view;
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
}

/**
 * The list with its first answer. A failure is not dehydrated: the browser then asks /api itself
 * and shows the error with Retry (or, for a search, where it could not be read).
 */
async function ScopeList({ scope, search }: { scope: PageScope; search: Search }) {
  const queryClient = makeQueryClient();
  await (scope.kind === "all"
    ? prefetchAll(queryClient, search)
    : prefetchOne(queryClient, scope, search));
  // Held whole by the index, a deployment's overview costs the upstream nothing: asked for with
  // the rows.
  const indexed = scope.kind === "deployment" && (await countedByIndex(scope.info.key));
  const forms = formsForMobileHint((await headers()).get("sec-ch-ua-mobile"));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <List scope={scope} forms={forms} indexed={indexed} />
    </HydrationBoundary>
  );
}

export default async function AlarmsPage({ params, searchParams }: Props) {
  const search = await searchParams; // request-time: the page is never prerendered
  const scope = await pageScope((await params).deployment);
  // Every deployment's skeleton while its first answer is read. A deployment's list has none:
  // its rows are the first paint (and the page's LCP), not a skeleton swapped for them once the
  // scripts have run.
  if (scope.kind === "all") {
    return (
      <Suspense fallback={<MergedPageSkeleton />}>
        <ScopeList scope={scope} search={search} />
      </Suspense>
    );
  }
  return <ScopeList scope={scope} search={search} />;
}
