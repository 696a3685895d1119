import "server-only";
import { sql, type Migration } from "kysely";

// The pivots' counts of the narrow table's named values (lib/server/search/pivots.ts): each as the
// search language compares it, lower-cased, with the time so a range reads a slice of the index.
// The technique's id takes LIKE prefixes too (technique:T1110 finds T1110.001).
export const migration: Migration = {
  async up(db) {
    const indexes = [
      sql`create index alarms_strategy on alarms (deployment, lower(rule_strategy), occurred_at desc)`,
      sql`create index alarms_method on alarms (deployment, lower(rule_method), occurred_at desc)`,
      sql`create index alarms_sensor on alarms (deployment, lower(sensor), occurred_at desc)`,
      sql`create index alarms_attack_id on alarms (deployment, lower(attack_id) text_pattern_ops, occurred_at desc)`,
      sql`create index alarms_attack_technique on alarms (deployment, lower(attack_technique), occurred_at desc)`,
    ];
    for (const index of indexes) await index.execute(db);
  },
};
