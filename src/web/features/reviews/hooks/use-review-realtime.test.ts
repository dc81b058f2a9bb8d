import { describe, expect, it, vi } from "vitest";
import type { ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { detail } from "../test-fixtures.ts";
import { flushReviewUpdates } from "./use-review-realtime.ts";

const newer = { value: "Jetzt {amount} zahlen", version: 2, updatedAt: "2026-03-03T10:00:00.000Z" };

describe("a batch of live review updates", () => {
  it("puts the strings in place (a changed one loses its verdict) and refetches once", () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.review("r1"), detail());
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const done = flushReviewUpdates(client, "p1", "r1", [
      { type: "cell", keyId: "k1", language: "de", cell: newer },
      { type: "refetch" },
      { type: "refetch" },
    ]);
    expect(done).toBe(true);
    const review = client.getQueryData<ReviewDetail>(queryKeys.review("r1"));
    expect(review?.keys[0]?.strings.de).toEqual(newer);
    expect(review?.keys[0]?.approvals.de).toBeUndefined();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      queryKeys.review("r1"),
      queryKeys.projectApprovals("p1"),
    ]);
  });

  it("waits with the refetch while a change of the person's own is on its way", async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.review("r1"), detail());
    const invalidate = vi.spyOn(client, "invalidateQueries");
    let finish: () => void = () => {};
    const pending = client
      .getMutationCache()
      .build(client, {
        mutationKey: mutationKeys.reviews.update(),
        mutationFn: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      })
      .execute(undefined);
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    expect(flushReviewUpdates(client, "p1", "r1", [{ type: "refetch" }])).toBe(false);
    expect(invalidate).not.toHaveBeenCalled();
    finish();
    await pending;
    expect(flushReviewUpdates(client, "p1", "r1", [{ type: "refetch" }])).toBe(true);
    expect(invalidate).toHaveBeenCalled();
  });
});
