import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STREAM_ENDED_EVENT } from "../../shared/events.ts";
import { useProjectEvents } from "./event-stream.ts";

/** Just enough of EventSource to deliver named events and see whether the hook closed it. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, Set<(message: MessageEvent<string>) => void>>();
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string, data: unknown) {
    const message = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = undefined;
});

describe("useProjectEvents", () => {
  it("closes the stream for good when the server says access ended, instead of reconnecting", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const onEvent = vi.fn();
    renderHook(() => useProjectEvents("p1", onEvent));
    const source = FakeEventSource.last;
    if (!source) throw new Error("no EventSource opened");
    expect(source.url).toBe("/api/projects/p1/events");

    source.emit("key.deleted", { keyId: "k1" });
    expect(onEvent).toHaveBeenCalledWith({ type: "key.deleted", data: { keyId: "k1" } });
    expect(source.closed).toBe(false);

    source.emit(STREAM_ENDED_EVENT, { reason: "access_ended" });
    expect(source.closed).toBe(true);
  });
});
