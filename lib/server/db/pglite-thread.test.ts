import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AbortedTransactionError, sql } from "kysely";
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

describe("PGlite's thread when its directory cannot be opened again", () => {
  let dir: string;
  let database: ConsoleDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "alarm-console-thread-"));
    database = await openDatabase({ dir });
    await sql`create table kept (n int)`.execute(database.db);
    await sql`insert into kept values (1)`.execute(database.db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers every statement, a transaction's too, 57P01 until it opens, then goes on with what was committed", async () => {
    const version = join(dir, "pgdata", "PG_VERSION");
    const kept = readFileSync(version, "utf8");
    writeFileSync(version, "9\n"); // a version this PGlite cannot read
    await expect(withStatementLimit(300, () => ENDLESS.execute(database.db))).rejects.toMatchObject(
      { code: "57014" },
    );
    // Never left waiting: a statement and a transaction are answered, as the routes' 503.
    await expect(sql`select 1`.execute(database.db)).rejects.toMatchObject({ code: "57P01" });
    await expect(
      database.db.transaction().execute((tx) => sql`select 1`.execute(tx)),
    ).rejects.toMatchObject({ code: "57P01" });
    writeFileSync(version, kept);
    // Tried again by itself (after 0.5 s, then longer), it opens and answers.
    await expect
      .poll(
        () =>
          sql<{ n: number }>`select count(*)::int as n from kept`
            .execute(database.db)
            .then((result) => result.rows[0]?.n)
            .catch((error: { code?: string }) => error.code),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(1);
  }, 60_000);

  it("lends its one connection to one transaction at a time: one that fails takes nothing of another with it", async () => {
    await sql`create table lent (who text)`.execute(database.db);
    const failing = database.db.transaction().execute(async (tx) => {
      await sql`insert into lent values ('failing')`.execute(tx);
      throw new Error("changed its mind");
    });
    const kept = database.db.transaction().execute(async (tx) => {
      await sql`insert into lent values ('kept')`.execute(tx);
      await sql`insert into lent values ('kept')`.execute(tx);
    });
    await expect(failing).rejects.toThrow("changed its mind");
    await kept;
    const rows = await sql<{ who: string }>`select who from lent`.execute(database.db);
    expect(rows.rows).toEqual([{ who: "kept" }, { who: "kept" }]);
  });

  it("refuses to commit a transaction an error aborted, as PostgreSQL does", async () => {
    await sql`create table once (id int primary key)`.execute(database.db);
    const committed = database.db.transaction().execute(async (tx) => {
      await sql`insert into once values (1)`.execute(tx);
      await sql`insert into once values (1)`.execute(tx).catch(() => undefined);
    });
    await expect(committed).rejects.toBeInstanceOf(AbortedTransactionError);
    const rows = await sql<{ n: number }>`select count(*)::int as n from once`.execute(database.db);
    expect(rows.rows).toEqual([{ n: 0 }]);
  });
});
