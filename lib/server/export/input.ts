import "server-only";
import { z } from "zod";
import { GROUP_KEY, GROUP_SORT_KEY } from "@/lib/shared/alarms/groups";
import { readParams } from "@/lib/shared/alarms/params";
import { resolveRange, type AlarmListQuery } from "@/lib/shared/alarms/query";
import {
  CURSOR_KEY,
  DEPLOYMENTS_KEY,
  parseDeployments,
  parseView,
  viewSearchParams,
  type ListView,
  type ViewProblem,
} from "@/lib/shared/alarms/view";
import { ApiError } from "@/lib/shared/core/errors";
import { EXPORT_FORMATS, EXPORT_ID } from "@/lib/shared/export/contract";

// What the export's routes accept: the list's own view (its one parser), for the queue of every
// deployment with the deployments it names (the queue's own reader of them), plus the export's
// format and id checked by zod. Anything wrong answers invalid_request naming the parameter.

const exportParams = z.object({
  format: z.enum(EXPORT_FORMATS, { message: `format must be one of ${EXPORT_FORMATS.join(", ")}` }),
  id: z.string().regex(EXPORT_ID, {
    message: "id must be 8 to 64 letters, digits, dashes or underscores",
  }),
});
export type ExportParams = z.infer<typeof exportParams>;

const idParam = exportParams.shape.id;

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) {
    throw new ApiError("invalid_request", `${name} may be given only once`, { param: name });
  }
  return values[0];
}

/** The first of `problems` as our 400 naming its parameter (all of them said), if any. */
function refuse(problems: readonly ViewProblem[]): void {
  const first = problems[0];
  if (first) {
    throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
      param: first.param,
    });
  }
}

/**
 * The view a request names (page and size ignored: an export holds every page); `others`, the
 * route's own parameters besides the view's. Where it is read from is the read seam's to say
 * (lib/server/reads/policy.ts).
 */
export function readView(params: URLSearchParams, others: readonly string[] = []): ListView {
  const { view, problems } = parseView(params, "deployment", { others });
  refuse(problems);
  return view;
}

/** The parameters a link copied from the queue of every deployment carries that an export ignores. */
const QUEUE_ONLY = [CURSOR_KEY, GROUP_KEY, GROUP_SORT_KEY];

/** An export of the queue of every deployment: the list's view and the deployments it names. */
export interface AllDeploymentsView {
  view: ListView;
  /** The deployments the `deployments` parameter names, in the configured order; empty = all. */
  named: string[];
}

/**
 * The view an export of the queue of every deployment names: the list's parameters, `tz`, and
 * `deployments` (one comma list among `visible`, the keys the analyst may see: another is 400
 * on it, as the queue answers). A cursor and a grouping are accepted and ignored (a link copied
 * from the queue carries them: an export holds every row).
 */
export function readAllDeploymentsView(
  params: URLSearchParams,
  visible: readonly string[],
  others: readonly string[] = [],
): AllDeploymentsView {
  const { params: own } = readParams(params, [DEPLOYMENTS_KEY]);
  const ignored = new Set([DEPLOYMENTS_KEY, ...QUEUE_ONLY]);
  const list = new URLSearchParams(
    [...params].filter(([name]) => !ignored.has(name.toLowerCase())),
  );
  const { view, problems } = parseView(list, "deployment", { others });
  const named = parseDeployments(own.getAll(DEPLOYMENTS_KEY), visible, problems);
  refuse(problems);
  return { view, named };
}

export function readExportParams(params: URLSearchParams): ExportParams {
  const parsed = exportParams.safeParse({
    format: single(params, "format"),
    id: single(params, "id"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = String(issue.path[0]);
    const message = issue.code === "invalid_type" ? `${param} is required` : issue.message;
    throw new ApiError("invalid_request", message, { param });
  }
  return parsed.data;
}

export function readExportId(raw: string): string {
  const parsed = idParam.safeParse(raw);
  // An id that could never have been one: as unknown as any other.
  if (!parsed.success) throw new ApiError("not_found", "There is no such export of yours.");
  return parsed.data;
}

/**
 * The view with its rolling range resolved and its upper bound frozen at `now` at the latest:
 * alarms that occur after the export's start never enter it.
 */
export function freezeQuery(query: AlarmListQuery, now: number): AlarmListQuery {
  const resolved = resolveRange({ ...query, page: 0 }, now);
  const end = Math.floor(now);
  const lte = Math.min(resolved.filters.timestamp_occured_lte ?? end, end);
  return { ...resolved, filters: { ...resolved.filters, timestamp_occured_lte: lte } };
}

/** The view's canonical search for logs (page and size left out), with the deployments named. */
export function viewLogSearch(view: ListView, named: readonly string[] = []): string {
  const params = viewSearchParams({ ...view, query: { ...view.query, page: 0, size: 20 } });
  if (named.length > 0) params.set(DEPLOYMENTS_KEY, named.join(","));
  return params.toString();
}
