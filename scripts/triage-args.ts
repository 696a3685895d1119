// What `scripts/triage.ts` is asked to do, read from its arguments (no I/O): the command, the
// file to import, the audit's time range.

export class UsageError extends Error {
  override name = "UsageError";
}

export type TriageCommand =
  | { kind: "export" }
  | { kind: "import"; file: string | null }
  | { kind: "audit"; from: number; to: number };

const DAY_MS = 24 * 3600_000;

// A date (midnight UTC) or a date and time; a time without an offset is UTC too, so a range
// means the same wherever it is typed.
const WHEN =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})?)?$/i;

/** Epoch ms of an ISO date or date-time; throws a UsageError naming the option. */
export function parseWhen(value: string, option: string): number {
  const match = WHEN.exec(value.trim());
  const [, date, time, zone] = match ?? [];
  const at = date ? Date.parse(time ? `${date}T${time}${zone ?? "Z"}` : `${date}T00:00Z`) : NaN;
  if (Number.isNaN(at)) {
    throw new UsageError(
      `${option} ${JSON.stringify(value)} is not a date: give 2026-11-01 or 2026-11-01T08:30Z (UTC unless an offset is given)`,
    );
  }
  return at;
}

/** The options `--name value` or `--name=value` of `args`; throws on any other argument. */
function options(args: readonly string[], names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    const [name, inline] = arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (!name || !names.includes(name)) throw new UsageError(`unknown argument ${arg}`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    found.set(name, value);
  }
  return found;
}

/** The command of `args` (process.argv after the script), at `now` for the audit's default. */
export function parseTriageArgs(args: readonly string[], now = Date.now()): TriageCommand {
  const [command, ...rest] = args;
  switch (command) {
    case "export":
      if (rest.length > 0) throw new UsageError(`unexpected argument ${rest[0]}`);
      return { kind: "export" };
    case "import":
      if (rest.length > 1 || rest[0]?.startsWith("-")) {
        throw new UsageError("give one file, or the export on standard input");
      }
      return { kind: "import", file: rest[0] ?? null };
    case "audit": {
      const given = options(rest, ["--from", "--to"]);
      const to = given.has("--to") ? parseWhen(given.get("--to")!, "--to") : now;
      const from = given.has("--from") ? parseWhen(given.get("--from")!, "--from") : to - DAY_MS;
      if (from >= to) throw new UsageError("--from must come before --to");
      return { kind: "audit", from, to };
    }
    default:
      throw new UsageError(`unknown command ${command ?? "(none)"}: export, import or audit`);
  }
}
