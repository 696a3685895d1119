// Where the index sync's time goes in a bench run, timed at the bench's level without changing
// the sync: its client's reads (the HTTP exchange apart from our parse) and share turns, and every
// statement on its database (a Kysely plugin).
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import type { QueryId } from "kysely";
import type { UsmClient } from "../lib/server/usm/client";

/** Where a run's time went, summed over its calls (ms). */
export interface Timings {
  /** Inside the client's reads but for the parse: the HTTP exchange (its 50 ms), JSON.parse. */
  upstreamMs: number;
  /** Our parse and reshape of the pages (zod, the summary, the free text). */
  parseMs: number;
  /** Waiting for a turn in the sync's share of the budget. */
  shareWaitMs: number;
  /** Statements on the database, from sending to the result (ingest, state, upkeep). */
  databaseMs: number;
  /** Of which the upkeep (VACUUM ANALYZE when the backfill ends, and retention's). */
  upkeepMs: number;
}

/** Times every statement on the database (the sync's writes and reads) at the bench's level. */
export class StatementTimer implements KyselyPlugin {
  readonly #started = new WeakMap<QueryId, { at: number; upkeep: boolean }>();
  constructor(private readonly timings: Timings) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    const upkeep = node.kind === "RawNode" && /^\s*vacuum/i.test(node.sqlFragments[0] ?? "");
    this.#started.set(queryId, { at: performance.now(), upkeep });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    const started = this.#started.get(queryId);
    if (started) {
      const ms = performance.now() - started.at;
      this.timings.databaseMs += ms;
      if (started.upkeep) this.timings.upkeepMs += ms;
    }
    return result;
  }
}

/** The client as the sync uses it, its reads, parses and turns timed (the client unchanged). */
export function timed(client: UsmClient, timings: Timings): UsmClient {
  const read = client.read.bind(client);
  client.read = (async (...args: Parameters<typeof read>) => {
    const [kind, path, params, parse, ...rest] = args;
    let parseMs = 0;
    const timedParse = (json: unknown) => {
      const started = performance.now();
      try {
        return parse(json);
      } finally {
        parseMs += performance.now() - started;
      }
    };
    const started = performance.now();
    try {
      return await read(kind, path, params, timedParse, ...rest);
    } finally {
      timings.upstreamMs += performance.now() - started - parseMs;
      timings.parseMs += parseMs;
    }
  }) as typeof client.read;
  const takeTurn = client.takeTurn.bind(client);
  client.takeTurn = async (name, maxWaitMs) => {
    const turn = await takeTurn(name, maxWaitMs);
    if (turn.granted) timings.shareWaitMs += turn.waitMs;
    return turn;
  };
  return client;
}

export const noTimings = (): Timings => ({
  upstreamMs: 0,
  parseMs: 0,
  shareWaitMs: 0,
  databaseMs: 0,
  upkeepMs: 0,
});
