import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProjectEvent } from "../../shared/events.ts";
import { ClientPacer } from "./client-pacer.ts";

const stringEvent = (keyId: string, value: string): ProjectEvent => ({
  type: "string.updated",
  data: { keyId, language: "de", cell: { value, version: 1, updatedAt: "" }, by: null },
});

describe("ClientPacer (spec point 9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends at most 5 string updates per 2 s window and holds the rest, dropping none", () => {
    const sent: ProjectEvent[] = [];
    const pacer = new ClientPacer(
      (e) => sent.push(e),
      () => Date.now(),
    );
    for (let i = 0; i < 12; i++) pacer.push(stringEvent(`k${i}`, `v${i}`));
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(1999);
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(10);
    vi.advanceTimersByTime(2000);
    expect(sent.map((e) => (e.data as { keyId: string }).keyId)).toEqual(
      Array.from({ length: 12 }, (_, i) => `k${i}`),
    );
    pacer.close();
  });

  it("collapses waiting updates of one cell into the newest", () => {
    const sent: ProjectEvent[] = [];
    const pacer = new ClientPacer(
      (e) => sent.push(e),
      () => Date.now(),
    );
    for (let i = 0; i < 5; i++) pacer.push(stringEvent(`k${i}`, "x"));
    pacer.push(stringEvent("same", "first"));
    pacer.push(stringEvent("same", "second"));
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(6);
    expect(sent[5]).toMatchObject({ data: { keyId: "same", cell: { value: "second" } } });
    pacer.close();
  });

  it("batches other updates and sends them after 2 s", () => {
    const sent: ProjectEvent[] = [];
    const pacer = new ClientPacer(
      (e) => sent.push(e),
      () => Date.now(),
    );
    pacer.push({ type: "key.created", data: { keyId: "a", key: "a" } });
    pacer.push({ type: "key.created", data: { keyId: "b", key: "b" } });
    pacer.push({ type: "key.updated", data: { keyId: "a", key: "a2" } });
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(2000);
    expect(sent.map((e) => e.type)).toEqual(["key.created", "key.created", "key.updated"]);
    pacer.close();
  });
  it("keeps the newest update of each review, not only of the last review that changed", () => {
    const sent: ProjectEvent[] = [];
    const pacer = new ClientPacer(
      (e) => sent.push(e),
      () => Date.now(),
    );
    pacer.push({ type: "review.updated", data: { reviewId: "r1" } });
    pacer.push({ type: "review.updated", data: { reviewId: "r2" } });
    pacer.push({ type: "review.updated", data: { reviewId: "r1", deleted: true } });
    vi.advanceTimersByTime(2000);
    expect(sent.map((e) => e.data)).toEqual([{ reviewId: "r1", deleted: true }, { reviewId: "r2" }]);
    pacer.close();
  });

  it("keeps the newest comment count of each key and language (issue 21)", () => {
    const sent: ProjectEvent[] = [];
    const pacer = new ClientPacer(
      (e) => sent.push(e),
      () => Date.now(),
    );
    pacer.push({ type: "comment.updated", data: { keyId: "k1", language: "de", openCount: 1 } });
    pacer.push({ type: "comment.updated", data: { keyId: "k1", language: "fr", openCount: 1 } });
    pacer.push({ type: "comment.updated", data: { keyId: "k1", language: "de", openCount: 2 } });
    vi.advanceTimersByTime(2000);
    expect(sent.map((e) => e.data)).toEqual([
      { keyId: "k1", language: "de", openCount: 2 },
      { keyId: "k1", language: "fr", openCount: 1 },
    ]);
    pacer.close();
  });

  it("keeps every activity entry, and the newest state of each (issue 22)", () => {
    const sent: ProjectEvent[] = [];
    const pacer = new ClientPacer(
      (e) => sent.push(e),
      () => Date.now(),
    );
    const entry = (id: string, count: number): ProjectEvent => ({
      type: "activity.created",
      data: {
        id,
        kind: "strings.edited",
        createdAt: "2026-01-01T00:00:00.000Z",
        user: null,
        projectId: "p",
        projectName: "P",
        count,
        keys: [],
        languages: ["de"],
        details: {},
      },
    });
    pacer.push(entry("1", 1));
    pacer.push(entry("2", 1));
    pacer.push(entry("1", 3));
    vi.advanceTimersByTime(2000);
    expect(sent.map((e) => e.data)).toMatchObject([
      { id: "1", count: 3 },
      { id: "2", count: 1 },
    ]);
    pacer.close();
  });
});
