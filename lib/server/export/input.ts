import "server-only";
import { z } from "zod";
import { resolveRange, severalValued, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { parseListView, viewSearchParams, type ListView } from "@/lib/shared/alarms/url-state";
import { ApiError } from "@/lib/shared/core/errors";
import { EXPORT_FORMATS, EXPORT_ID } from "@/lib/shared/export/contract";

// What the export's routes accept: the list's own view (its one parser), plus the export's
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

/**
 * The view a request names (page and size ignored: an export holds every page); `others`, the
 * route's own parameters besides the view's.
 */
export function readView(params: URLSearchParams, others: readonly string[] = []): ListView {
  const { view, problems } = parseListView(params, others);
  const first = problems[0];
  if (first) {
    throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
      param: first.param,
    });
  }
  // An export reads the upstream page by page, and the upstream cannot search.
  if (view.query.q !== undefined) {
    throw new ApiError(
      "invalid_request",
      "q: an export holds a list's filters, not a search; export without the search",
      { param: "q" },
    );
  }
  const several = severalValued(view.query.filters);
  if (several !== undefined) {
    throw new ApiError(
      "invalid_request",
      `${several}: an export reads the upstream, which filters by one value; export each value`,
      { param: several },
    );
  }
  return view;
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

/** The view's canonical search for logs (page and size left out). */
export function viewLogSearch(view: ListView): string {
  const params = viewSearchParams({ ...view, query: { ...view.query, page: 0, size: 20 } });
  return params.toString();
}
