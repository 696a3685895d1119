"use client";
// The alarm list of a scope (lib/shared/deployments/scope.ts): one deployment's, or that of
// several or every deployment the analyst may see, composed once from the list kit. What differs
// is data, decided from the scope and the answer: a deployment column, the deployments' picker,
// the pages by time where the index cannot be had, what the index does not hold, the deployments
// that failed.

import { useCallback, useMemo } from "react";
import { formatCount } from "@/lib/shared/alarms/format";
import { isTimePaged } from "@/lib/shared/alarms/list-pages";
import { GROUP_FIELDS } from "@/lib/shared/alarms/groups";
import { type ListView, viewApiSearch, viewHref, viewScope } from "@/lib/shared/alarms/view";
import {
  withCursor,
  withDeployments,
  withFilters,
  withGroup,
  withPage,
  withSearch,
  withZone,
} from "@/lib/shared/alarms/view-changes";
import { type ListScope, scopeKeys, scopeSegment } from "@/lib/shared/deployments/scope";
import { ExportButton } from "@/components/export/export-dialog";
import { LiveBar } from "@/components/live/live-bar";
import { AlarmOverview } from "@/components/overview/lazy-alarm-overview";
import { CopyLinkMenu } from "@/components/list/lazy-copy-link-menu";
import { SavedViewsMenu } from "@/components/saved-views/saved-views-menu";
import { ListFrame, ListHeader, useListTop } from "@/components/list/list-frame";
import type { ListForms } from "@/components/list/list-forms-hint";
import { GroupsLine, useGroupsRead } from "@/components/list/list-groups";
import { ListToolbar } from "@/components/list/list-toolbar";
import { FailureBanners } from "@/components/list/lazy-states";
import { lazyComponent } from "@/components/lazy";
import { RateLimitWatch } from "@/components/list/rate-limit-watch";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { useLastProblems, useListTitle } from "@/components/list/use-list-chrome";
import { usePageKeys } from "@/components/list/use-list-keyboard";
import { useSuggestions } from "@/components/list/suggestions";
import { BulkBar } from "@/components/triage/lazy-bulk-bar";
import { SelectionProvider } from "@/components/triage/selection";
import { GroupsBulkBar } from "@/components/groups/lazy-groups-bulk-bar";
import { useListScope, useScopeView } from "./use-list-scope";
import { ListRows } from "./list-rows";
import { ListSummary } from "./list-summary";
import { useListRead } from "./use-list-read";
import { useScrollMemory } from "./scroll-memory";

// Only a grouped view needs the groups' code: fetched when grouping is near (the pointer over the
// grouping controls, focus in them) or a grouped view is rendered; a skeleton until it is there.
const AlarmGroups = lazyComponent(
  () => import("./alarm-groups").then((m) => m.AlarmGroups),
  <TableSkeleton rows={20} />,
);
// Only a list of several whose deployments the index does not hold whole says so.
const IndexGaps = lazyComponent(() => import("./index-gaps").then((m) => m.IndexGaps));

/**
 * The alarm list of `scope` (its path's): URL
 * state in, rows or groups out. `indexed`: the index holds the deployment whole, so the overview
 * is counted there (no upstream call) and asked for at once, beside the rows, not after them.
 */
export function AlarmList({
  scope: given,
  forms,
  indexed: held = false,
}: {
  scope: ListScope;
  forms?: ListForms;
  indexed?: boolean;
}) {
  const { scope, several, visible, known, nameOf, named } = useListScope(given);
  const { view, problems, navigate } = useScopeView(scope, known);
  const { query, group } = view;
  const [notice, dismissNotice] = useLastProblems(problems);

  // The deployments the view reads: its answer's once there is one, else what the URL names.
  const reads = useMemo(() => scopeKeys(viewScope(scope, view), known), [scope, view, known]);
  const { result, data, fresh, numbered, pastEnd, live } = useListRead(scope, view, reads);
  // Grouped, the view's groups (from the index) stand where its rows would.
  const grouped = useGroupsRead(
    scopeSegment(scope),
    query,
    group,
    view.deployments,
    view.groupSort,
  );
  const { groups, data: groupsData, fresh: groupsFresh } = grouped;
  // Back from a detail: the page where it was, scrolled as it was, the row opened focused.
  useScrollMemory(fresh);

  const total = fresh && numbered ? numbered.page.totalElements : groupsFresh?.alarms;
  useListTitle(query, total, named, live.live.arrived.length);

  const { listTop, go } = useListTop(navigate);
  const setFilters = (filters: ListView["query"]["filters"]) => go(withFilters(view, filters));
  const setSearch = (q: string | undefined) => go(withSearch(view, q));
  const totalPages = (group ? groupsData?.page.totalPages : numbered?.page.totalPages) ?? 0;
  const setPage = useCallback(
    (page: number) => go(withPage(view, page), { toTop: true }),
    [view, go],
  );
  const cursorTo = useCallback(
    (cursor: string | null | undefined) => {
      if (cursor) go(withCursor(view, cursor), { toTop: true });
    },
    [view, go],
  );
  const timePaged = data && isTimePaged(data) ? data : undefined;
  const older = timePaged && fresh ? timePaged.older : null;
  const newer = timePaged && fresh ? timePaged.newer : null;
  const atCursor = view.cursor !== null;
  const searchInput = usePageKeys({
    page: query.page,
    totalPages,
    onPage: setPage,
    byTime: useMemo(
      () => (several ? { older, newer, atCursor, onCursor: cursorTo } : undefined),
      [several, older, newer, atCursor, cursorTo],
    ),
  });

  const shown = (data && "deployments" in data ? data.deployments : undefined) ?? reads;
  const across = several ? shown.map(nameOf).join(", ") : null;
  const suggestions = useSuggestions(shown, data?.alarms);
  // The overview, groups and export of a list of several are the index's: not offered where it
  // reads each upstream by time.
  const byIndex = !several || group !== undefined || numbered !== undefined;
  const watched = several ? numbered !== undefined && !result.isError : !group;
  const teamOf = scope.kind === "deployment" ? scope.key : (visible[0]?.key ?? scopeSegment(scope));

  return (
    <SelectionProvider view={viewApiSearch(view)}>
      <ListFrame zone={view.tz}>
        <ListHeader
          title={several ? named.name : "Alarms"}
          zone={view.tz}
          onZone={(tz) => go(withZone(view, tz))}
          summary={
            group ? (
              <GroupsLine
                read={grouped}
                detail={(page) =>
                  across !== null
                    ? ` across ${across}`
                    : ` · page ${formatCount(query.page + 1)} of ${formatCount(Math.max(1, page.page.totalPages))}`
                }
              />
            ) : data ? (
              <ListSummary
                data={data}
                page={query.page}
                across={across}
                searched={query.q !== undefined}
                pastEnd={pastEnd}
                fetching={result.isFetching && !result.isError}
              />
            ) : null
          }
        >
          <SavedViewsMenu />
          <CopyLinkMenu
            filters={query.filters}
            resolved={fresh && data ? data.occurred : groupsFresh?.occurred}
            hrefFor={(filters) => viewHref(scope, { ...view, query: { ...query, filters } })}
          />
          {byIndex ? <ExportButton scope={viewScope(scope, view)} view={view} /> : null}
        </ListHeader>
        <ListToolbar
          notice={notice}
          onDismiss={dismissNotice}
          query={query}
          zone={view.tz}
          read={group ? groups : result}
          scope={scopeSegment(scope)}
          deployments={view.deployments}
          inputRef={searchInput}
          onSearch={setSearch}
          resolved={data?.occurred}
          suggestions={suggestions}
          onFilters={setFilters}
          pick={
            several
              ? {
                  visible,
                  selected: view.deployments,
                  onChange: (keys) => go(withDeployments(view, keys)),
                }
              : undefined
          }
          group={group}
          // One deployment's alarms are one group of deployment: not offered there.
          fields={several ? undefined : GROUP_FIELDS.filter((field) => field !== "deployment")}
          onGroup={(fields) => go(withGroup(view, fields))}
          onGroupIntent={AlarmGroups.preload}
        />
        {byIndex ? (
          <AlarmOverview
            deployment={scopeSegment(scope)}
            deployments={view.deployments}
            filters={query.filters}
            q={query.q}
            zone={view.tz}
            ready={
              several ||
              held ||
              fresh ||
              groupsFresh !== undefined ||
              (group ? groups : result).isError
            }
            onFilter={setFilters}
          />
        ) : null}
        {data && "gaps" in data && data.gaps && !result.isError ? (
          <IndexGaps gaps={data.gaps} nameOf={nameOf} query={query} tz={view.tz} />
        ) : null}
        <RateLimitWatch result={result} />
        {watched ? (
          <LiveBar
            live={live.live}
            since={fresh && data ? data.readAt : undefined}
            zone={view.tz}
            onShow={live.show}
            deploymentName={named.name}
          />
        ) : null}
        {timePaged && !result.isError ? (
          <FailureBanners
            failures={timePaged.failures}
            nameOf={nameOf}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        ) : null}
        {group?.[0] ? (
          <GroupsBulkBar
            deployment={scopeSegment(scope)}
            view={view}
            field={group[0]}
            teamOf={teamOf}
          />
        ) : !several || numbered ? (
          <BulkBar
            key={viewApiSearch(withPage(view, 0))}
            deployment={scopeSegment(scope)}
            view={viewApiSearch(withPage(view, 0))}
            total={
              numbered && !numbered.page.totalIsLowerBound ? numbered.page.totalElements : null
            }
            teamOf={teamOf}
          />
        ) : null}
        {group ? (
          <AlarmGroups
            scope={scope}
            view={view}
            group={group}
            result={groups}
            go={go}
            listTop={listTop}
          />
        ) : (
          <ListRows
            scope={scope}
            view={view}
            result={result}
            rows={fresh && numbered ? live.alarms : undefined}
            marks={live.marks}
            go={go}
            suggestions={suggestions}
            nameOf={several ? nameOf : undefined}
            listTop={listTop}
            forms={forms}
          />
        )}
      </ListFrame>
    </SelectionProvider>
  );
}
