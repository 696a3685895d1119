"use client";
// The search box's `?`: every field the language knows, with an example to try, and its syntax
// (fetched the first time it is opened, as it is rarely needed).

import { SEARCH_LIMITS } from "@/lib/shared/search/ast";
import { SEARCH_ALIASES, SEARCH_FIELDS } from "@/lib/shared/search/fields";

const SYNTAX: [string, string][] = [
  [
    "brute force",
    "Free text: rule names, hosts, users, event names and raw fields (every word, from its start: admin finds administrator), and the team's notes (anywhere in a note: INC-4711 finds the alarms whose notes mention it)",
  ],
  ['"brute force"', "A phrase, as written"],
  ["adm*", "A prefix"],
  ["a AND b, a OR b, NOT a", "Combine terms (AND when nothing is written); group with ( )"],
  ["priority >= 70", "Compare a number (also >, <, <=)"],
  [
    "closed_at >= 2026-11-29T00:00+01:00",
    "Compare a time: a date (2026-11-29) or a date and time, UTC unless an offset (+01:00) or Z follows",
  ],
  ["ip:10.0.0.0/8", "An address or a CIDR range; a bare address searches either side"],
];

export function SearchHelp({
  onExample,
  onClose,
}: {
  /** Puts an example into the box. */
  onExample: (example: string) => void;
  onClose: () => void;
}) {
  const aliases = (field: string) =>
    SEARCH_ALIASES.filter((alias) => alias.field === field).map((alias) => alias.alias);
  return (
    <section
      aria-label="Search fields and examples"
      className="panel mt-1 flex flex-col gap-3 p-3 text-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Search fields and examples</h2>
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {SYNTAX.map(([example, meaning]) => (
          <div key={example} className="contents">
            <dt className="font-mono">{example}</dt>
            <dd className="text-slate-600 max-sm:mb-1 dark:text-slate-400">{meaning}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Fields</caption>
        <thead>
          <tr className="field-label">
            <th scope="col" className="py-1 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-medium max-sm:hidden">
              What it matches
            </th>
            <th scope="col" className="py-1 font-medium">
              Example
            </th>
          </tr>
        </thead>
        <tbody>
          {SEARCH_FIELDS.map((field) => (
            <tr
              key={field.name}
              className="border-t border-slate-200 align-top dark:border-slate-800"
            >
              <th scope="row" className="py-1 pr-3 font-mono font-normal">
                {field.name}
              </th>
              <td className="py-1 pr-3 text-slate-700 max-sm:hidden dark:text-slate-300">
                {field.description}
                {aliases(field.name).length > 0 ? (
                  <span className="block text-slate-500 dark:text-slate-400">
                    Also: {aliases(field.name).join(", ")}
                  </span>
                ) : null}
              </td>
              <td className="py-1">
                <button
                  type="button"
                  className="text-left font-mono break-all text-blue-800 underline dark:text-blue-300"
                  aria-label={`Try ${field.example}`}
                  onClick={() => onExample(field.example)}
                >
                  {field.example}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-slate-600 dark:text-slate-400">
        At most {SEARCH_LIMITS.length.toLocaleString("en")} characters, {SEARCH_LIMITS.terms} terms
        and {SEARCH_LIMITS.depth} levels of parentheses. Names and values are read in any case.
      </p>
    </section>
  );
}
