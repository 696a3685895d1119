import "server-only";
import { Worker } from "node:worker_threads";
import { statementLimit, statementTimeoutError } from "./statement-limit";

// PGlite in a thread of its own (./pglite-worker.mjs), seen from the thread that serves requests:
// the subset of PGlite's interface that Kysely's PGlite dialect uses (query, transaction, close),
// each statement a message. Kysely gives its one connection to one query or transaction at a time,
// so the statement in flight is the one running: its limit (./statement-limit.ts), when its caller
// set one, is timed here. PGlite cannot interrupt a statement, so one past its limit fails with
// PostgreSQL's own error (57014) and, for a database in a directory, the thread is ended and the
// directory opened again in a new one: the engine is free at once instead of when the statement
// would have ended (a 28 s group, a 36 s search). A statement ended that way had its transaction
// rolled back, as by a crash: PostgreSQL's recovery keeps what was committed (measured: 0.7 s to
// open a 100k-row directory again). An in-memory database (tests) would lose everything that way:
// there the caller is answered at the limit and the statement runs to its end.

export interface PgliteThreadOptions {
  /** PGlite's data directory, or "memory://…". */
  dataDir: string;
  /** A data directory to start from (tests start from one already migrated). */
  loadDataDir?: Blob;
  /** PostgreSQL's work_mem for every statement. */
  workMem: string;
}

interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

type Answer = { id: number; error?: Record<string, unknown> } & Record<string, unknown>;

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  worker: Worker;
  timer?: ReturnType<typeof setTimeout>;
}

/** An error the worker sent, rebuilt with PostgreSQL's fields (code, detail, constraint…). */
function rebuild(fields: Record<string, unknown> | undefined): Error {
  const { message, name, ...rest } = fields ?? {};
  const error = new Error(typeof message === "string" ? message : "the embedded engine failed");
  if (typeof name === "string") error.name = name;
  return Object.assign(error, rest);
}

/** The engine's thread ended under a statement (a crash, or another statement's limit). */
function engineLost(): Error {
  // 57P01, "terminating connection due to administrator command": what PostgreSQL answers a
  // statement of a server going away, and what the routes already tell analysts (503).
  return Object.assign(new Error("the embedded engine's thread ended; it is being opened again"), {
    code: "57P01",
  });
}

export class PgliteThread {
  #worker!: Worker;
  #started!: Promise<void>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #generation = 0;
  #closed = false;
  #restarts = 0;
  readonly #restartable: boolean;

  private constructor(private readonly options: PgliteThreadOptions) {
    this.#restartable = !options.dataDir.startsWith("memory://");
    this.#spawn(options.loadDataDir);
  }

  /** Starts the thread and opens the database in it. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.#started;
    } catch (error) {
      await thread.close();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }
  get ready(): boolean {
    return !this.#closed;
  }
  get waitReady(): Promise<void> {
    return this.#started;
  }
  /** How often the thread was ended and the directory opened again. */
  get restarts(): number {
    return this.#restarts;
  }

  #spawn(loadDataDir?: Blob): void {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir: this.options.dataDir, loadDataDir, workMem: this.options.workMem },
    });
    this.#worker = worker;
    this.#started = new Promise<void>((resolve, reject) => {
      worker.once("message", (first: { ready: boolean; error?: Record<string, unknown> }) =>
        first.ready ? resolve() : reject(rebuild(first.error)),
      );
      worker.once("exit", () => reject(engineLost()));
    });
    this.#started.catch(() => undefined);
    worker.on("message", (answer: Answer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) return; // answered already: at its limit
      this.#pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (answer.error) pending.reject(rebuild(answer.error));
      else pending.resolve(answer);
    });
    worker.on("error", () => undefined); // its exit follows, and says the rest
    worker.on("exit", () => {
      if (this.#worker !== worker) return; // ended by #restart, which answered its statements
      this.#failPending(worker);
      if (!this.#closed && this.#restartable) this.#restart();
      else this.#closed = true;
    });
  }

  #failPending(worker: Worker): void {
    for (const [id, pending] of this.#pending) {
      if (pending.worker !== worker) continue;
      this.#pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(engineLost());
    }
  }

  /** Ends the thread and opens the directory again in a new one; statements wait for it. */
  #restart(): void {
    const old = this.#worker;
    this.#generation++;
    this.#restarts++;
    this.#failPending(old);
    old.removeAllListeners("exit");
    this.#started = old
      .terminate()
      .catch(() => undefined)
      .then(() => {
        this.#spawn();
        return this.#started;
      });
    this.#started.catch(() => undefined);
  }

  async #ask(message: Record<string, unknown>, limitMs?: number): Promise<Answer> {
    if (this.#closed) throw engineLost();
    await this.#started;
    const worker = this.#worker;
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      const pending: Pending = { resolve, reject, worker };
      if (limitMs !== undefined && Number.isFinite(limitMs)) {
        pending.timer = setTimeout(() => {
          if (this.#pending.get(id) !== pending) return;
          this.#pending.delete(id);
          reject(statementTimeoutError());
          if (this.#restartable && this.#worker === worker && !this.#closed) this.#restart();
        }, limitMs);
      }
      this.#pending.set(id, pending);
      worker.postMessage({ id, ...message });
    });
  }

  async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const answer = await this.#ask({ op: "query", sql, params: params ?? [] }, statementLimit());
    return {
      rows: (answer.rows as T[] | undefined) ?? [],
      affectedRows: answer.affectedRows as number | undefined,
      fields: [],
    };
  }

  /**
   * `work` between BEGIN and COMMIT (ROLLBACK when it throws). Kysely holds its one connection
   * for the whole transaction, so nothing else runs in between; a transaction whose thread was
   * ended under it (a statement's limit) refuses every later statement instead of running it
   * outside any transaction.
   */
  async transaction<T>(
    work: (tx: { query: PgliteThread["query"]; rollback(): Promise<void> }) => Promise<T>,
  ): Promise<T> {
    await this.query("begin");
    const generation = this.#generation;
    const alive = () => {
      if (this.#generation !== generation) throw engineLost();
    };
    let ended = false;
    const tx = {
      query: async <R>(sql: string, params?: unknown[]) => {
        alive();
        return this.query<R>(sql, params);
      },
      rollback: async () => {
        alive();
        ended = true;
        await this.query("rollback");
      },
    };
    try {
      const result = await work(tx);
      if (!ended) {
        alive();
        await this.query("commit");
      }
      return result;
    } catch (error) {
      if (!ended && this.#generation === generation) {
        await this.query("rollback").catch(() => undefined);
      }
      throw error;
    }
  }

  /** The data directory as a tarball. */
  async dumpDataDir(): Promise<Blob> {
    const answer = await this.#ask({ op: "dump" });
    return answer.dump as Blob;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#ask({ op: "close" }).catch(() => undefined);
    this.#closed = true;
    const worker = this.#worker;
    this.#failPending(worker);
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
