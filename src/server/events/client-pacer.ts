import type { ProjectEvent } from "../../shared/events.ts";
import {
  REALTIME_BATCH_MS,
  REALTIME_STRING_UPDATES_PER_WINDOW,
  REALTIME_WINDOW_MS,
} from "../../shared/events.ts";

/**
 * Spec point 9 for one viewer: at most 5 string updates per 2-second window, other updates sent
 * in a batch after 2 s. Nothing is dropped: updates over the limit wait for the next window, and
 * several updates of the same cell while waiting collapse into the newest.
 */
export class ClientPacer {
  #sentInWindow = 0;
  #windowStart = 0;
  readonly #waitingStrings = new Map<string, ProjectEvent>();
  readonly #waitingOthers = new Map<string, ProjectEvent>();
  #stringTimer: ReturnType<typeof setTimeout> | undefined;
  #otherTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (event: ProjectEvent) => void,
    private readonly now: () => number = Date.now,
  ) {}

  push(event: ProjectEvent) {
    if (event.type === "string.updated") {
      this.#waitingStrings.set(`${event.data.keyId}:${event.data.language}`, event);
      this.#flushStrings();
    } else {
      const id =
        event.type === "comment.updated"
          ? `${event.type}:${event.data.keyId}:${event.data.language}`
          : "keyId" in event.data
            ? `${event.type}:${event.data.keyId}`
            : event.type === "batch.updated"
              ? `${event.type}:${event.data.id}`
              : event.type === "review.updated"
                ? `${event.type}:${event.data.reviewId}`
                : // Each entry its own: a newer state of the same entry (string edits of a minute) replaces it.
                  event.type === "activity.created"
                  ? `${event.type}:${event.data.id}`
                  : event.type;
      this.#waitingOthers.set(id, event);
      this.#otherTimer ??= setTimeout(() => this.#flushOthers(), REALTIME_BATCH_MS);
    }
  }

  close() {
    clearTimeout(this.#stringTimer);
    clearTimeout(this.#otherTimer);
  }

  #flushStrings() {
    const now = this.now();
    if (now - this.#windowStart >= REALTIME_WINDOW_MS) {
      this.#windowStart = now;
      this.#sentInWindow = 0;
    }
    for (const [id, event] of this.#waitingStrings) {
      if (this.#sentInWindow >= REALTIME_STRING_UPDATES_PER_WINDOW) break;
      this.#waitingStrings.delete(id);
      this.#sentInWindow += 1;
      this.send(event);
    }
    if (this.#waitingStrings.size > 0 && !this.#stringTimer) {
      const wait = Math.max(1, this.#windowStart + REALTIME_WINDOW_MS - now);
      this.#stringTimer = setTimeout(() => {
        this.#stringTimer = undefined;
        this.#flushStrings();
      }, wait);
    }
  }

  #flushOthers() {
    this.#otherTimer = undefined;
    const events = [...this.#waitingOthers.values()];
    this.#waitingOthers.clear();
    for (const event of events) this.send(event);
  }
}
