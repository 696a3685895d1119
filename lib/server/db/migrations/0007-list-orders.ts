import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// A list of the index sorted by a rule's intent, strategy or method, by status or by received
// time (lib/server/search/search-order.ts) walks an index of that order, as newest first walks
// alarms_newest, instead of sorting every alarm in range: the first page sorted by strategy at a
// million alarms took 1.6 s on PGlite, the console's own thread, and 0.5 s on PostgreSQL. Each
// is (value, newest first, uuid) per deployment, one per direction: an alarm without the value
// goes last both ways, which an index read backwards would put first, and a backward read gives
// each value's alarms oldest first (a few values hold most alarms: all of one value's would be
// sorted for a page). Status going up walks alarms_status.
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`create index if not exists alarms_order_received on alarms (deployment, received_at, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_received_desc on alarms (deployment, received_at desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_intent on alarms (deployment, rule_intent, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_intent_desc on alarms (deployment, rule_intent desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_strategy on alarms (deployment, rule_strategy, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_strategy_desc on alarms (deployment, rule_strategy desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_method on alarms (deployment, rule_method, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_method_desc on alarms (deployment, rule_method desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_status_desc on alarms (deployment, status desc nulls last, occurred_at desc, uuid)`,
    ];
    await runSteps(db, steps, { rebuilds: true });
  },
};
