import "server-only";
import type { z } from "zod";
import { invalidRequest, type RequestProblem } from "@/lib/shared/core/errors";
import { parseAlarmListQuery, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { readJsonBody, zodProblems } from "./json-body";

// What a route reads of a request before its handler runs: the query string and the JSON body,
// each by the parser the route names. Whatever is wrong answers 400 in our shape, formed here
// once (lib/shared/core/errors.ts's invalidRequest), whichever parser found it.

/** A parser's answer: the value, or what is wrong with the request (then the value is unused). */
export interface Parsed<T> {
  value: T;
  problems: readonly RequestProblem[];
}

/**
 * How a route reads its query string: one of our URL parsers (they name every problem and never
 * throw), or a zod schema of its entries (a key given more than once is an array of its values).
 */
export type QueryParser<T> = ((params: URLSearchParams) => Parsed<T>) | z.ZodType<T>;

/** A route's JSON body: its schema and the most bytes read of it. */
export interface BodySpec<T> {
  schema: z.ZodType<T>;
  maxBytes: number;
}

/** A route's JSON body: `schema`, read within `maxBytes`. */
export const jsonBody = <T>(schema: z.ZodType<T>, maxBytes: number): BodySpec<T> => ({
  schema,
  maxBytes,
});

/** The query string as `parser` reads it; 400 in our shape naming what is wrong. */
export function parseQuery<T>(params: URLSearchParams, parser: QueryParser<T>): T {
  if (typeof parser === "function") {
    const { value, problems } = parser(params);
    if (problems.length > 0) throw invalidRequest(problems);
    return value;
  }
  const entries: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    entries[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = parser.safeParse(entries);
  if (!parsed.success) throw invalidRequest(zodProblems(parsed.error));
  return parsed.data;
}

/** The JSON body as `spec` reads it; 400 in our shape for one too large, not JSON or wrong. */
export function parseBody<T>(request: Request, spec: BodySpec<T>): Promise<T> {
  return readJsonBody(request, spec.schema, spec.maxBytes);
}

/** A list's query string (`others`: the route's own parameters besides), as the list reads it. */
export const listQuery =
  (others: readonly string[] = []) =>
  (params: URLSearchParams): Parsed<AlarmListQuery> => {
    const { query, problems } = parseAlarmListQuery(params, others);
    return { value: query, problems };
  };
