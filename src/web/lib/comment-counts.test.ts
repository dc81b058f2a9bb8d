import { describe, expect, it } from "vitest";
import { applyCommentChange, withOpenCount } from "./comment-counts.ts";
import { createQueryClient } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";

describe("open-comment counts", () => {
  it("sets one key's count and leaves out a key without open comments", () => {
    expect(withOpenCount({ counts: { a: 1 } }, "b", 2)).toEqual({ counts: { a: 1, b: 2 } });
    expect(withOpenCount({ counts: { a: 1, b: 2 } }, "b", 0)).toEqual({ counts: { a: 1 } });
  });

  it("patches the cached counts of the event's language only, and marks the thread stale", () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.commentCounts("p1", "de"), { counts: { k1: 1 } });
    client.setQueryData(queryKeys.commentCounts("p1", "fr"), { counts: { k1: 3 } });
    client.setQueryData(queryKeys.commentThread("k1", "de"), {
      comments: [],
      openCount: 1,
      canModerate: false,
    });
    applyCommentChange(client, "p1", { keyId: "k1", language: "de", openCount: 2 });
    expect(client.getQueryData(queryKeys.commentCounts("p1", "de"))).toEqual({ counts: { k1: 2 } });
    expect(client.getQueryData(queryKeys.commentCounts("p1", "fr"))).toEqual({ counts: { k1: 3 } });
    expect(client.getQueryState(queryKeys.commentThread("k1", "de"))?.isInvalidated).toBe(true);
  });
});
