import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";

/**
 * Runs a migration's statements in order. `rebuilds`: they rebuild tables or indexes, minutes at a
 * million alarms: not searches, so not under the connection's timeout, and with more memory to
 * sort in.
 */
export async function runSteps(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's own schema
  db: Kysely<any>,
  steps: RawBuilder<unknown>[],
  { rebuilds = false } = {},
): Promise<void> {
  const settings = rebuilds
    ? [sql`set local statement_timeout = 0`, sql`set local maintenance_work_mem = '128MB'`]
    : [];
  for (const step of [...settings, ...steps]) await step.execute(db);
}
