import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type ConsoleDatabase } from "./connection";
import { withStatementLimit } from "./statement-limit";

// The embedded engine off the thread that serves requests (issue #35): while one statement runs
// in PGlite, this thread goes on answering; a statement past its limit fails with PostgreSQL's
// error and leaves the engine free, its directory intact.

/** Runs for hours on PGlite: only its limit ends it. */
const ENDLESS = sql`select count(*) from generate_series(1, 1000000000000::bigint)`;

describe("PGlite in a thread of its own", () => {
  let dir: string;
  let database: ConsoleDatabase;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "alarm-console-thread-"));
    database = await openDatabase({ dir });
    await sql`create table kept (n int)`.execute(database.db);
    await sql`insert into kept select generate_series(1, 1000)`.execute(database.db);
    // What stands for the console's other requests: an HTTP server on this thread.
    server = createServer((_, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }, 60_000);

  afterAll(async () => {
    server?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers other requests while a statement runs, and ends the statement at its limit with PostgreSQL's error", async () => {
    let settled = false;
    const slow = withStatementLimit(5_000, () => ENDLESS.execute(database.db)).finally(() => {
      settled = true;
    });
    slow.catch(() => undefined);
    // Answered while the statement is still under way (in the engine's thread, PGlite held
    // this one until the statement's end: the answer came after it settled).
    const answer = await fetch(url);
    expect(await answer.text()).toBe("ok");
    expect(settled).toBe(false);
    await expect(slow).rejects.toMatchObject({
      code: "57014",
      message: "canceling statement due to statement timeout",
    });
    // The engine is free again at once, with what was committed.
    const rows = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(database.db);
    expect(rows.rows).toEqual([{ n: 1000 }]);
  }, 60_000);

  it("rolls back the transaction whose statement was ended, and refuses its later statements", async () => {
    const transaction = withStatementLimit(1_000, () =>
      database.db.transaction().execute(async (tx) => {
        await sql`insert into kept values (-1)`.execute(tx);
        await ENDLESS.execute(tx).catch(() => undefined); // a caller that goes on regardless
        await sql`insert into kept values (-2)`.execute(tx);
      }),
    );
    await expect(transaction).rejects.toMatchObject({ code: "57P01" });
    const rows = await sql<{ n: number }>`select count(*)::int as n from kept where n < 0`.execute(
      database.db,
    );
    expect(rows.rows).toEqual([{ n: 0 }]);
  }, 60_000);

  it("keeps errors' PostgreSQL fields across the thread (a unique violation's code and constraint)", async () => {
    await sql`create table once (id int primary key)`.execute(database.db);
    await sql`insert into once values (1)`.execute(database.db);
    await expect(sql`insert into once values (1)`.execute(database.db)).rejects.toMatchObject({
      code: "23505",
      constraint: "once_pkey",
    });
  });
});
