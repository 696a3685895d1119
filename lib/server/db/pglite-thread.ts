import "server-only";
import { Worker } from "node:worker_threads";
import { statementLimit, statementTimeoutError } from "./statement-limit";

// PGlite in a thread of its own (./pglite-worker.mjs), seen from the thread that serves requests:
// each statement a message (Kysely reaches it through ./thread-dialect.ts). Kysely gives its one
// connection to one query or transaction at a time, so the statement in flight is the one running: its limit (./statement-limit.ts), when its caller
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

/** The engine's thread ended under a statement (a crash, another statement's limit, a close). */
export function engineLost(): Error {
  // 57P01, "terminating connection due to administrator command": what PostgreSQL answers a
  // statement of a server going away, and what the routes already tell analysts (503).
  return Object.assign(new Error("the embedded engine's thread ended; it is being opened again"), {
    code: "57P01",
  });
}

/** Waits between attempts to open the directory again after a failed one: 0.5 s, doubling to 30 s. */
const RETRY_MS = { first: 500, max: 30_000 };

export class PgliteThread {
  #worker!: Worker;
  #onExit!: () => void;
  #started!: Promise<void>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #generation = 0;
  #closed = false;
  #restarts = 0;
  #failedStarts = 0;
  #retry: ReturnType<typeof setTimeout> | null = null;
  // In memory only: a statement answered at its limit and still running; the next waits for it.
  #stillRunning: Promise<void> = Promise.resolve();
  readonly #late = new Map<number, () => void>();
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
  /** Counts the threads: a transaction begun in one cannot go on in the next. */
  get generation(): number {
    return this.#generation;
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
    let opened = false;
    this.#started = new Promise<void>((resolve, reject) => {
      worker.once("message", (first: { ready: boolean; error?: Record<string, unknown> }) => {
        if (first.ready) {
          opened = true;
          this.#failedStarts = 0;
          resolve();
        } else {
          reject(rebuild(first.error));
        }
      });
      worker.once("exit", () => reject(engineLost()));
    });
    this.#started.catch(() => {
      // A directory that could not be opened again is tried again later; its statements are
      // answered 57P01 meanwhile (the routes' 503), never left waiting.
      if (opened || this.#closed || !this.#restartable || this.#generation === 0) return;
      this.#retryLater();
    });
    worker.on("message", (answer: Answer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) {
        this.#late.get(answer.id)?.();
        return;
      }
      this.#pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (answer.error) pending.reject(rebuild(answer.error));
      else pending.resolve(answer);
    });
    worker.on("error", () => undefined); // its exit follows, and says the rest
    this.#onExit = () => {
      this.#failPending(worker);
      if (this.#closed) return;
      if (!this.#restartable) this.#closed = true;
      else if (opened) this.#restart();
    };
    worker.once("exit", this.#onExit);
  }

  #retryLater(): void {
    const wait = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** this.#failedStarts++);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.#closed) this.#restart();
    }, wait);
    this.#retry.unref();
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
    old.off("exit", this.#onExit);
    this.#started = old
      .terminate()
      .catch(() => undefined)
      .then(() => {
        if (this.#closed) throw engineLost();
        this.#spawn();
        return this.#started;
      });
    this.#started.catch(() => undefined);
  }

  async #ask(message: Record<string, unknown>, limitMs?: number): Promise<Answer> {
    if (this.#closed) throw engineLost();
    // Not open (yet, or again): 57P01, which analysts are told as the index being unavailable.
    await this.#started.catch(() => {
      throw engineLost();
    });
    await this.#stillRunning;
    const worker = this.#worker;
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      // Posted first: a value that cannot cross to the thread fails here, with nothing to undo.
      worker.postMessage({ id, ...message });
      const pending: Pending = { resolve, reject, worker };
      if (limitMs !== undefined && Number.isFinite(limitMs)) {
        pending.timer = setTimeout(() => this.#timedOut(id, pending), limitMs);
      }
      this.#pending.set(id, pending);
    });
  }

  /** A statement past its limit: answered with PostgreSQL's error, and the engine freed. */
  #timedOut(id: number, pending: Pending): void {
    if (this.#pending.get(id) !== pending) return;
    this.#pending.delete(id);
    pending.reject(statementTimeoutError());
    if (this.#closed || this.#worker !== pending.worker) return;
    if (this.#restartable) {
      this.#restart();
      return;
    }
    // In memory it runs on: the next statement waits for its end rather than having its own
    // limit spent behind it.
    this.#stillRunning = new Promise<void>((done) =>
      this.#late.set(id, () => {
        this.#late.delete(id);
        done();
      }),
    );
  }

  async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const answer = await this.#ask({ op: "query", sql, params: params ?? [] }, statementLimit());
    return {
      rows: (answer.rows as T[] | undefined) ?? [],
      affectedRows: answer.affectedRows as number | undefined,
    };
  }

  /** COMMIT; resolves with its command tag (ROLLBACK for a transaction an error aborted). */
  async commit(): Promise<string | null> {
    const answer = await this.#ask({ op: "commit" }, statementLimit());
    return (answer.command as string | null | undefined) ?? null;
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
    if (this.#retry) clearTimeout(this.#retry);
    const worker = this.#worker;
    worker.off("exit", this.#onExit);
    this.#failPending(worker);
    await worker.terminate();
  }
}
