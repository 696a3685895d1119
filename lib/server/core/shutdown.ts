import "server-only";

// The process's shutdown, for whatever holds a response open: a live stream, an export's
// download. Next finishes open responses before it exits, and those never finish by themselves,
// so each registers here and ends when the server stops (lib/server/services). On globalThis:
// every route bundle of the process shares one.

interface Shutdown {
  down: boolean;
  closers: Set<() => void>;
}

const KEY = Symbol.for("alarm-console.shutdown");
const state: Shutdown = ((globalThis as { [KEY]?: Shutdown })[KEY] ??= {
  down: false,
  closers: new Set(),
});

/** Calls `close` when the server shuts down; the returned function takes it back. */
export function onShutdown(close: () => void): () => void {
  state.closers.add(close);
  return () => state.closers.delete(close);
}

/** Whether the server is stopping: new long answers are refused. */
export function isShuttingDown(): boolean {
  return state.down;
}

/** Ends everything registered with onShutdown. */
export function shutDown(): void {
  state.down = true;
  for (const close of [...state.closers]) close();
}
