import { HydrationBoundary, dehydrate, type QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { AlarmList } from "@/components/alarms/alarm-list";
import { EveryDeploymentSkeleton } from "@/components/alarms/list-page-skeleton";
import { formsForMobileHint } from "@/components/list/list-forms-hint";
import type { AlarmGroupsPage } from "@/lib/shared/alarms/groups";
import type { ListPage } from "@/lib/shared/alarms/list-pages";
import { listTitle } from "@/lib/shared/alarms/titles";
import { parseView, type ListView } from "@/lib/shared/alarms/view";
import {
  EVERY_DEPLOYMENT,
  type ListScope,
  oneDeployment,
  scopeSegment,
} from "@/lib/shared/deployments/scope";
import { makeQueryClient } from "@/lib/shared/queries/query-client";
import { groupsQueryOptions, listQueryOptions } from "@/lib/shared/queries/query-options";
import { pageScope, visibleDeployments, type PageScope } from "@/lib/server/pages/deployment";
import { readGroupsPage, readListPage } from "@/lib/server/pages/list";
import { readAllGroups, readAllPage } from "@/lib/server/pages/all";
import { countedByIndex } from "@/lib/server/reads/counts";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { defaultViewPath } from "@/lib/server/triage/view-service";

// /d/{key}/alarms, a deployment's list, and /d/all/alarms, the list of every deployment the
// analyst may see: one list over the path's scope, its first answer read on the server under the
// same key the browser asks /api with (from USM Anywhere, or the index for a search, groups or
// every deployment).

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ deployment: string }>; searchParams: Promise<Search> };

/** The page's scope, its view read as the browser reads it, and the scope's first answers. */
interface ScopeRead {
  scope: ListScope;
  view: ListView;
  /** The first page of rows, or of the first field's groups (the others open within them). */
  rows: () => Promise<ListPage>;
  groups: () => Promise<AlarmGroupsPage>;
  name: string;
}

/** The rows' total where they have one (numbered pages, not by time), for the tab's title. */
const totalOf = (page: ListPage) =>
  "paging" in page && page.paging === "cursor" ? undefined : page.page.totalElements;

async function readOf(page: PageScope, search: Search): Promise<ScopeRead> {
  if (page.kind === "all") {
    const known = (await visibleDeployments()).map((deployment) => deployment.key);
    const { view } = parseView(search, "all", { known });
    return {
      scope: EVERY_DEPLOYMENT,
      view,
      rows: () => readAllPage(view),
      groups: () => readAllGroups(view),
      name: "All deployments",
    };
  }
  const { view } = parseView(search, "deployment");
  const { key, name } = page.info;
  const first = view.group?.slice(0, 1) ?? [];
  return {
    scope: oneDeployment(key),
    view,
    rows: () => readListPage(key, view.query),
    groups: () => readGroupsPage(key, view.query, first, view.groupSort),
    name,
  };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // The same read the page makes (shared in flight and cached), so the title the server streams
  // says what the browser's own title says, and neither replaces the other with less.
  const read = await readOf(await pageScope((await params).deployment), await searchParams);
  const total = await (
    read.view.group ? read.groups().then((page) => page.alarms) : read.rows().then(totalOf)
  ).catch(() => undefined);
  return { title: { absolute: listTitle(read.view.query, total, { name: read.name }) } };
}

/**
 * The scope's first answer under the browser's key. A failure is not dehydrated: the browser then
 * asks /api itself and shows the error with Retry (or, for a search, where it could not be read).
 */
async function prefetch(queryClient: QueryClient, { scope, view, rows, groups }: ScopeRead) {
  await (view.group
    ? queryClient.prefetchQuery({
        ...groupsQueryOptions(
          scopeSegment(scope),
          view.query,
          view.group.slice(0, 1),
          view.deployments,
          view.groupSort,
        ),
        queryFn: groups,
        retry: false,
      })
    : queryClient.prefetchQuery({
        ...listQueryOptions(scope, view),
        queryFn: rows,
        retry: false, // the server answers now; waiting out a rate limit is the browser's job
      }));
}

async function ScopeList({ page, search }: { page: PageScope; search: Search }) {
  const read = await readOf(page, search);
  const queryClient = makeQueryClient();
  await prefetch(queryClient, read);
  // Held whole by the index, a deployment's overview costs the upstream nothing: asked for with
  // the rows.
  const indexed = page.kind === "deployment" && (await countedByIndex(page.info.key));
  const forms = formsForMobileHint((await headers()).get("sec-ch-ua-mobile"));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AlarmList scope={read.scope} forms={forms} indexed={indexed} />
    </HydrationBoundary>
  );
}

export default async function AlarmsPage({ params, searchParams }: Props) {
  const search = await searchParams; // request-time: the page is never prerendered
  const segment = (await params).deployment;
  const page = await pageScope(segment);
  // A bare list (no query at all) opens on the analyst's default view; a link with one never does.
  if (Object.keys(search).length === 0) {
    const target = await defaultViewPath(await requireAnalyst(), segment);
    if (target) redirect(target);
  }
  // Every deployment's skeleton while its first answer is read. A deployment's list has none:
  // its rows are the first paint (and the page's LCP), not a skeleton swapped for them once the
  // scripts have run.
  if (page.kind === "all") {
    return (
      <Suspense fallback={<EveryDeploymentSkeleton />}>
        <ScopeList page={page} search={search} />
      </Suspense>
    );
  }
  return <ScopeList page={page} search={search} />;
}
