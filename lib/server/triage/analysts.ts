import "server-only";
import type { Kysely } from "kysely";
import type { Analyst } from "@/lib/server/auth/session";
import type { Database } from "@/lib/server/db";
import type { AnalystAccess } from "@/lib/server/db/schema";
import { mayAccess, type AccessRule } from "@/lib/server/deployments/access";

// The analysts the console has seen, kept beside the triage: whom an alarm may be assigned to,
// how each is named, and (as of their last visit) which deployments they may see, so an alarm is
// never handed to someone who could not open it. A row is written when an analyst first acts or
// opens a detail, and again at most every few minutes per process.

const LOCAL_PREFIX = "local:";
const REFRESH_MS = 5 * 60_000;
const seen = new Map<string, number>();

/**
 * What a teammate types to name `analyst`: the local username, or the verified e-mail address
 * single sign-on gave; else the stable id (a provider that vouches for no address).
 */
export function handleOf(analyst: Analyst): string {
  if (!analyst.sso && analyst.id.startsWith(LOCAL_PREFIX)) {
    return analyst.id.slice(LOCAL_PREFIX.length).toLowerCase();
  }
  if (analyst.sso && analyst.email?.includes("@") && analyst.emailVerified) {
    return analyst.email.toLowerCase();
  }
  return analyst.id;
}

/** The analyst as a row may name them again later, to check access (as of the last visit). */
function accessOf(analyst: Analyst): AnalystAccess {
  return {
    sso: analyst.sso,
    email: analyst.email,
    emailVerified: analyst.emailVerified,
    groups: analyst.groups,
  };
}

/** Records (or refreshes) `analyst` as one of the team. */
export async function recordAnalyst(
  db: Kysely<Database>,
  analyst: Analyst,
  now: number,
): Promise<void> {
  const last = seen.get(analyst.id);
  if (last !== undefined && now - last < REFRESH_MS) return;
  const row = {
    id: analyst.id,
    handle: handleOf(analyst),
    name: analyst.name || handleOf(analyst),
    access: JSON.stringify(accessOf(analyst)),
    seen_at: now,
  };
  await db
    .insertInto("analysts")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet({
        handle: row.handle,
        name: row.name,
        access: row.access,
        seen_at: row.seen_at,
      }),
    )
    .execute();
  seen.set(analyst.id, now);
  if (seen.size > 10_000) seen.clear();
}

export interface KnownAnalyst {
  id: string;
  handle: string;
  name: string;
  access: AnalystAccess;
}

/** The analyst a handle names (the one seen last, should two share it), or null. */
export async function analystByHandle(
  db: Kysely<Database>,
  handle: string,
): Promise<KnownAnalyst | null> {
  const row = await db
    .selectFrom("analysts")
    .select(["id", "handle", "name", "access"])
    .where((eb) => eb(eb.fn("lower", ["handle"]), "=", handle.toLowerCase()))
    .orderBy("seen_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether a known analyst may see a deployment with `rule`, as of their last visit. */
export function knownMayAccess(rule: AccessRule, known: KnownAnalyst): boolean {
  return mayAccess(rule, {
    id: known.id,
    name: known.name,
    email: known.access.email,
    sid: "",
    groups: known.access.groups,
    sso: known.access.sso,
    emailVerified: known.access.emailVerified,
  });
}

/** Handles and names of the analysts with these ids. */
export async function namesOfIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, { handle: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("analysts")
    .select(["id", "handle", "name"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, { handle: row.handle, name: row.name }]));
}

const TEAMMATES_MAX = 1_000;

/** Every analyst seen who may see a deployment with `rule`, by name (the first thousand). */
export async function teammates(
  db: Kysely<Database>,
  rule: AccessRule,
): Promise<{ handle: string; name: string }[]> {
  const rows = await db
    .selectFrom("analysts")
    .select(["id", "handle", "name", "access"])
    .orderBy("name")
    .execute();
  // Filtered before it is cut: whoever sorts late is as assignable as whoever sorts first.
  return rows
    .filter((row) => knownMayAccess(rule, row))
    .slice(0, TEAMMATES_MAX)
    .map(({ handle, name }) => ({ handle, name }));
}

/** Forgets which analysts this process recorded lately (tests). */
export function forgetRecordedAnalysts(): void {
  seen.clear();
}
