import "server-only";
import { DEFAULT_SORT, severalValued, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";

// Where a read of a view comes from, the upstream or the console's index: the one table of the
// policy. Every read of a view (a page, its groups, its counts, its export, its live watch) asks
// chooseSource, and ./*.ts apply the answer. A new reason to read the index is one row here, not
// a check of its own in a route.
//
// The terms of a row:
// - when: over the parsed view (and, for a count, whether the index holds the deployment whole);
//   the first row that holds decides, so the rows the index is needed for come first.
// - index: "needs" (the upstream cannot answer the view) or "may" (the index answers a view the
//   upstream could, when it can).
// - fallback: what the read does when the index cannot answer (this process has none, its server
//   is gone, nothing of the deployments is indexed yet): read the upstream, or refuse. A refusal
//   is the index's own reason (503 index_unavailable saying why) unless the row words its own.

/** What is read of a view. */
export type ReadKind = "page" | "groups" | "count" | "export" | "watch";

/** One deployment's view, or the queue of several. */
export type ReadScope = "deployment" | "all";

export interface ReadView {
  kind: ReadKind;
  scope: ReadScope;
  query: Pick<AlarmListQuery, "q" | "filters" | "page" | "sort">;
}

export interface DeploymentState {
  /**
   * Whether the index holds the view's deployment whole, following its upstream. Given by a read
   * the index may answer only so (a deployment's counts: from a part they would mislead); absent,
   * the index answers with what it holds and says how far.
   */
  heldWhole?: boolean;
}

export type Fallback = "upstream" | "refuse";

export interface ReadRule {
  index: "needs" | "may";
  when: (view: ReadView, state: DeploymentState) => boolean;
  fallback: Fallback;
  /** The refusal's words, when not the index's own reason (`why`). */
  refusal?: (view: ReadView, why: ApiError) => ApiError;
}

/** Filter values the upstream has no filter for (the status "none": no status set upstream). */
function inexpressible(filters: ReadView["query"]["filters"]): string | undefined {
  const statuses: readonly string[] = filters.status ?? [];
  return statuses.includes("none") ? "status" : undefined;
}

const newestFirst = ({ sort }: ReadView["query"]) =>
  sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction;

export const READ_RULES = {
  /** A search in the index's language: the upstream has no such filter. */
  search: { index: "needs", when: (view) => view.query.q !== undefined, fallback: "refuse" },
  /** A filter given several values: the upstream filters by one at a time. */
  severalValues: {
    index: "needs",
    when: (view) => severalValued(view.query.filters) !== undefined,
    fallback: "refuse",
    refusal: (view, why) =>
      view.kind === "count"
        ? new ApiError(
            "index_unavailable",
            "Counted once the index holds this deployment whole: the upstream counts one value " +
              "of a filter at a time",
            { param: severalValued(view.query.filters) },
          )
        : why,
  },
  /** A filter value the upstream cannot express. */
  inexpressibleFilter: {
    index: "needs",
    when: (view) => inexpressible(view.query.filters) !== undefined,
    fallback: "refuse",
    refusal: (view, why) =>
      view.kind === "count"
        ? new ApiError(
            "index_unavailable",
            "Counted once the index holds this deployment whole: the upstream has no filter " +
              "for alarms without a status",
            { param: inexpressible(view.query.filters) },
          )
        : why,
  },
  /** Groups: counted by the index alone. */
  groups: { index: "needs", when: (view) => view.kind === "groups", fallback: "refuse" },
  /** The queue of several deployments past its first page: numbered pages are the index's. */
  numberedPage: {
    index: "needs",
    when: (view) => view.scope === "all" && view.kind === "page" && view.query.page > 0,
    fallback: "refuse",
  },
  /** The queue of several in any order but newest first: the upstreams merge by time alone. */
  anyColumnSort: {
    index: "needs",
    when: (view) => view.scope === "all" && view.kind === "page" && !newestFirst(view.query),
    fallback: "refuse",
  },
  /**
   * The queue of several, newest first: the index's numbered page with its exact count; each
   * upstream's newest by cursor where it cannot answer.
   */
  queueOfAll: {
    index: "may",
    when: (view) => view.scope === "all" && view.kind === "page",
    fallback: "upstream",
  },
  /** The counts, export and live watch of several deployments: the index's alone. */
  allDeployments: { index: "needs", when: (view) => view.scope === "all", fallback: "refuse" },
  /** A deployment's counts, where the index holds it whole: exact, and no upstream call. */
  heldWhole: {
    index: "may",
    when: (view, state) => view.kind === "count" && state.heldWhole === true,
    fallback: "upstream",
  },
} as const satisfies Record<string, ReadRule>;

export type ReadReason = keyof typeof READ_RULES;

export type SourceChoice =
  | { source: "upstream"; reason: "plain" }
  | { source: "index"; reason: ReadReason; fallback: Fallback }
  | { source: "refused"; reason: ReadReason; error: ApiError };

const NOT_WHOLE = "The index does not hold this deployment whole yet.";

/**
 * Where `view` is read from: the first row of READ_RULES that holds, or the upstream when none
 * does. A view that needs the index where the state says it cannot answer is refused.
 */
export function chooseSource(view: ReadView, state: DeploymentState = {}): SourceChoice {
  for (const [reason, rule] of Object.entries(READ_RULES) as [ReadReason, ReadRule][]) {
    if (!rule.when(view, state)) continue;
    if (rule.index === "needs" && state.heldWhole === false) {
      const error = refusal(reason, view, new ApiError("index_unavailable", NOT_WHOLE));
      return { source: "refused", reason, error };
    }
    return { source: "index", reason, fallback: rule.fallback };
  }
  return { source: "upstream", reason: "plain" };
}

/**
 * A read whose index could not answer (`why`): "upstream" when its row falls back to the
 * upstream, else the row's refusal, thrown.
 */
export function fallBack(
  choice: Extract<SourceChoice, { source: "index" }>,
  view: ReadView,
  why: unknown,
): "upstream" {
  if (choice.fallback === "upstream") return "upstream";
  throw refusalOf(choice.reason, view, why);
}

/** `reason`'s refusal of `view`, the index having said `why`. */
function refusal(reason: ReadReason, view: ReadView, why: ApiError): ApiError {
  const rule: ReadRule = READ_RULES[reason];
  return rule.refusal ? rule.refusal(view, why) : why;
}

function refusalOf(reason: ReadReason, view: ReadView, why: unknown): unknown {
  // Not the index's to word (a bug, a search too slow as said): thrown as it came.
  return why instanceof ApiError ? refusal(reason, view, why) : why;
}
