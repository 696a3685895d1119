// Reads a server's heap through its inspector (node --inspect): collects garbage first, so what
// is measured is what stays alive, not what merely has not been collected yet.
import { WebSocket } from "undici";

export interface Inspector {
  /** Heap in use after two full garbage collections, in bytes. */
  liveHeap(): Promise<number>;
  close(): void;
}

export async function inspect(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  };
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async liveHeap() {
      await call("HeapProfiler.collectGarbage");
      await call("HeapProfiler.collectGarbage");
      const result = (await call("Runtime.evaluate", {
        expression: "process.memoryUsage().heapUsed",
        returnByValue: true,
      })) as { result: { value: number } };
      return result.result.value;
    },
    close: () => socket.close(),
  };
}
