// The benches' reader of the console's live stream: what a browser's EventSource does, minus the
// reconnection. Opens /api/live for `views` and hands each event (its name and data) to `onEvent`.

export interface OpenedStream {
  close(): void;
}

export async function readLiveStream(
  url: string,
  cookie: string,
  views: readonly string[],
  onEvent: (name: string, data: string) => void,
): Promise<OpenedStream> {
  const abort = new AbortController();
  const search = new URLSearchParams(views.map((view) => ["view", view]));
  const response = await fetch(`${url}/api/live?${search}`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the stream answered HTTP ${response.status}: ${await response.text()}`);
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          const name = lines.find((line) => line.startsWith("event: "))?.slice(7);
          const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
          if (name && data !== undefined) onEvent(name, data);
        }
      }
    } catch {
      // aborted
    }
  })();
  return { close: () => abort.abort() };
}
