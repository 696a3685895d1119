import { sql } from "kysely";
import { expect, it } from "vitest";
import { metricValue } from "@/test/metrics";
import { describeEachEngine } from "@/test/index-db";
import { isTooSlow, readIndex } from "@/lib/server/search/read-index";

// An analyst's read of the index is bounded on both engines: a statement past the read's limit
// fails as PostgreSQL's statement timeout does (PGlite ignores statement_timeout: its thread
// ends the statement), and the next read is answered.

/** Two seconds on either engine: only the read's limit ends it sooner. */
const SLOW = sql`select pg_sleep(2)`;

describeEachEngine("An analyst's read of the index", ({ database, engine }) => {
  it("is cut short at its limit with the statement timeout's error, and the next read is answered", async () => {
    const timeouts = () => metricValue("alarm_console_index_statement_timeouts_total", { engine });
    const before = await timeouts();
    const error = await readIndex(database(), (tx) => SLOW.execute(tx), {
      analyst: "local:slow",
      timeoutMs: 150,
    }).catch((e) => e);
    expect(isTooSlow(error)).toBe(true);
    expect(await timeouts()).toBe(before + 1); // for the operator (GET /api/metrics)
    // The engine answers the next read.
    const next = await readIndex(
      database(),
      (tx) => sql<{ n: number }>`select 1 as n`.execute(tx),
      {
        analyst: "local:slow",
      },
    );
    expect(next.rows).toEqual([{ n: 1 }]);
  }, 60_000);

  it("gives one analyst's reads turns, so a colleague's read is not queued behind their whole flood", async () => {
    const db = database();
    const order: string[] = [];
    const read = (who: string) => (tx: Parameters<Parameters<typeof readIndex>[1]>[0]) =>
      sql`select pg_sleep(0.05)`.execute(tx).then(() => order.push(who));
    const floods = Array.from({ length: 6 }, () =>
      readIndex(db, read("flood"), { analyst: "local:flood" }),
    );
    const colleague = readIndex(db, read("calm"), { analyst: "local:calm" });
    await Promise.all([...floods, colleague]);
    // PGlite: one read at a time, the colleague's second; PostgreSQL: two of the flood's at a
    // time, the colleague's beside them. Either way not after the whole flood.
    expect(order.indexOf("calm")).toBeLessThan(3);
  }, 60_000);
});
