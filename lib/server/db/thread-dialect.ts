import "server-only";
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type { PgliteThread } from "./pglite-thread";
import { engineLost } from "./pglite-thread";

// Kysely over PGlite's thread (./pglite-thread.ts), as its PostgreSQL driver talks to a server:
// a transaction is BEGIN (with its isolation level), statements, then COMMIT or ROLLBACK, each an
// ordinary statement. Kysely's own PGlite driver wraps PGlite's transaction() instead, which waits
// for a callback that a failed BEGIN never calls: through a thread, where BEGIN can fail (the
// engine restarting), every later query then waited for ever. One connection, lent to one query
// or transaction at a time by the driver's own lock (Kysely 0.28 leaves that to a driver, as in
// its SQLite driver; 0.29 does it itself for PGlite's adapter, but needs Node 22).

/** Quotes a savepoint's name as an identifier. */
const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

class ThreadConnection implements DatabaseConnection {
  /** The thread's generation when the transaction under way began; null outside one. */
  #transaction: number | null = null;

  constructor(private readonly thread: PgliteThread) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // A transaction whose thread was ended under it is gone: its later statements would run
    // outside any transaction, in the new thread.
    if (this.#transaction !== null && this.#transaction !== this.thread.generation) {
      throw engineLost();
    }
    const { rows, affectedRows } = await this.thread.query<R>(compiled.sql, [
      ...compiled.parameters,
    ]);
    return {
      rows,
      ...(affectedRows !== undefined && { numAffectedRows: BigInt(affectedRows) }),
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported by the embedded engine.");
  }

  async begin(settings: TransactionSettings): Promise<void> {
    let statement = "begin";
    if (settings.isolationLevel || settings.accessMode) {
      statement = "start transaction";
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await this.thread.query(statement);
    this.#transaction = this.thread.generation;
  }

  async commit(): Promise<void> {
    const began = this.#transaction;
    this.#transaction = null;
    if (began !== this.thread.generation) throw engineLost();
    // PostgreSQL completes the COMMIT of a transaction an error aborted as ROLLBACK.
    if ((await this.thread.commit()) === "ROLLBACK") throw new AbortedTransactionError();
  }

  async rollback(): Promise<void> {
    const began = this.#transaction;
    this.#transaction = null;
    // Ended with its thread: nothing is left to roll back.
    if (began !== this.thread.generation) return;
    await this.thread.query("rollback");
  }
}

/** PostgreSQL's SQL; no migration lock: the one connection is the migrator's while it runs. */
class ThreadAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

class ThreadDriver implements Driver {
  readonly #connection: ThreadConnection;
  /** Settled when the connection is free; the holder's release settles it. */
  #free: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly thread: PgliteThread) {
    this.#connection = new ThreadConnection(thread);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Each caller queues behind the one before it: a transaction's statements are never
    // interleaved with another caller's.
    const previous = this.#free;
    let release!: () => void;
    this.#free = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as ThreadConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as ThreadConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as ThreadConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${identifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${identifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${identifier(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

/** A Kysely dialect over `thread`. */
export class ThreadDialect implements Dialect {
  constructor(private readonly thread: PgliteThread) {}

  createAdapter() {
    return new ThreadAdapter();
  }

  createDriver(): Driver {
    return new ThreadDriver(this.thread);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
