export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events stream with fetch, as EventSource would, collecting parsed events. */
export async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let boundary = buffer.indexOf("\n\n");
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) events.push({ event, data: JSON.parse(data.join("\n")) });
          for (const wake of waiters) wake();
          boundary = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted
    }
  })();

  return {
    events,
    status: response.status,
    contentType: response.headers.get("content-type"),
    /** Settles when the server ends the stream (or close() aborts it). */
    ended: pump,
    /** Waits until an event matching `match` has arrived. */
    async waitFor(match: (event: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, left);
        });
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
