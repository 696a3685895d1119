"use client";
// Every list's toolbar under its heading, whatever its scope: what the link lost, the search box,
// the quick filters, the filters and their chips, and the grouping.

import type { GroupField } from "@/lib/shared/alarms/groups";
import type { AlarmFilters, AlarmListQuery } from "@/lib/shared/alarms/query";
import { asApiError } from "@/lib/shared/queries/query-options";
import { GroupBy } from "@/components/groups/lazy-group-by";
import { SearchBox } from "@/components/search/search-box";
import { searchProblem } from "@/components/search/search-errors";
import { TriageQuickFilters } from "@/components/triage/quick-filters";
import { FilterChips } from "./filter-chips";
import { FiltersBar } from "./filters-bar";
import { CorrectedNotice } from "./lazy-states";
import type { Suggestions } from "./suggestions";

/** What the toolbar needs of the list's read: whether it failed (a search's error is shown here). */
interface Read {
  isError: boolean;
  error: unknown;
}

/**
 * The toolbar of a list whose view is `query` in `zone`. `read`: the read that stands in the body
 * (rows or groups), whose refusal of the search is said under the search box. `scope` and
 * `deployments` are the search's (its suggestions); `pick` the deployments' filter, where there are
 * several to choose from; `fields` the ways to group offered (all by default).
 */
export function ListToolbar({
  notice,
  onDismiss,
  query,
  zone,
  read,
  scope,
  deployments,
  inputRef,
  onSearch,
  resolved,
  suggestions,
  onFilters,
  pick,
  group,
  fields,
  onGroup,
  onGroupIntent,
}: {
  notice: React.ComponentProps<typeof CorrectedNotice>["problems"];
  onDismiss: () => void;
  query: AlarmListQuery;
  zone: string;
  read: Read;
  scope: string;
  deployments?: readonly string[];
  inputRef: React.RefObject<HTMLInputElement | null>;
  onSearch: (q: string | undefined) => void;
  resolved: React.ComponentProps<typeof FiltersBar>["resolved"];
  suggestions: Suggestions;
  onFilters: (filters: AlarmFilters) => void;
  pick?: React.ComponentProps<typeof FiltersBar>["deployments"];
  group: readonly GroupField[] | undefined;
  fields?: readonly GroupField[];
  onGroup: (group: GroupField[] | undefined) => void;
  onGroupIntent: () => void;
}) {
  return (
    <>
      {notice.length > 0 ? <CorrectedNotice problems={notice} onDismiss={onDismiss} /> : null}
      <SearchBox
        value={query.q}
        scope={scope}
        deployments={deployments}
        problem={searchProblem(read.isError ? asApiError(read.error) : null)}
        onSearch={onSearch}
        inputRef={inputRef}
      />
      <TriageQuickFilters q={query.q} onSearch={onSearch} />
      <FiltersBar
        filters={query.filters}
        zone={zone}
        resolved={resolved}
        suggestions={suggestions}
        onChange={onFilters}
        deployments={pick}
      />
      <FilterChips filters={query.filters} zone={zone} onChange={onFilters} />
      <GroupBy group={group} fields={fields} onGroup={onGroup} onIntent={onGroupIntent} />
    </>
  );
}
