import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";

/**
 * The deployments among `allowed` whose index holds the alarm `uuid`, in `allowed`'s order: where
 * a link without its deployment (/d/all/alarms/<uuid>) leads. Access is inside the statement: a
 * deployment the analyst may not see is never read.
 */
export async function deploymentsHolding(
  db: Kysely<Database>,
  uuid: string,
  allowed: readonly string[],
): Promise<string[]> {
  if (allowed.length === 0) return [];
  const rows = await db
    .selectFrom("alarms")
    .select("deployment")
    .where("deployment", "in", [...allowed])
    .where("uuid", "=", uuid.toLowerCase())
    .execute();
  const holding = new Set(rows.map((row) => row.deployment));
  return allowed.filter((key) => holding.has(key));
}
