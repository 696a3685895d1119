// Reading a link's parameters by name, whatever the case a person or a tool wrote them in
// (`Status=open` is `status=open`, as `status=OPEN` is), and telling the names no parameter of the
// page answers to: a typo, a parameter of another page, a tracking tag. Browser-safe.

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

export interface ParamProblem {
  /** The parameter's name as the link wrote it. */
  param: string;
  message: string;
  /** A name no parameter answers to: left out (a wrong value is replaced by its default). */
  unknown?: true;
}

/**
 * `input` with every name `known` answers to (in any case, or by one of its `aliases`: lower-case
 * name -> known name) written as `known` writes it, in the order given, and a problem for each
 * name none answers to (left out of the parameters).
 */
export function readParams(
  input: SearchParamsInput,
  known: readonly string[],
  aliases: ReadonlyMap<string, string> = new Map(),
): { params: URLSearchParams; unknown: ParamProblem[] } {
  const byLowerCase = new Map(known.map((name) => [name.toLowerCase(), name]));
  for (const [alias, name] of aliases) {
    if (known.includes(name) && !byLowerCase.has(alias)) byLowerCase.set(alias, name);
  }
  const params = new URLSearchParams();
  const unknown = new Map<string, ParamProblem>();
  const entries: [string, string | string[] | undefined][] =
    input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input);
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const canonical = byLowerCase.get(name.toLowerCase());
    if (canonical === undefined) {
      const message = `${name} is not a parameter of this page, so it was left out`;
      unknown.set(name, { param: name, message, unknown: true });
      continue;
    }
    for (const one of Array.isArray(value) ? value : [value]) params.append(canonical, one);
  }
  return { params, unknown: [...unknown.values()] };
}
