import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import type { Database } from "@/lib/server/db/schema";
import { compileSearch, type SearchContext } from "@/lib/server/search/query-language/compile";
import { parseSearch } from "@/lib/server/search/query-language/parse";

// A search compiled to PostgreSQL's SQL without a database: what the compiler would send.

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const HEAD = 'select * from "alarms" as "a" where ';

/** The WHERE condition `q` compiles to, and its parameters; throws if `q` cannot be read. */
export function searchSql(
  q: string,
  context?: SearchContext,
): { where: string; parameters: readonly unknown[] } {
  const parsed = parseSearch(q);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
  const { sql, parameters } = db
    .selectFrom("alarms as a")
    .selectAll()
    .where((eb) => compileSearch(parsed.query, eb, context))
    .compile();
  if (!sql.startsWith(HEAD)) throw new Error(`unexpected query: ${sql}`);
  return { where: sql.slice(HEAD.length), parameters };
}
