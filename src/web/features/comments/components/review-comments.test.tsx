import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ReviewComment } from "../../../../shared/schemas/comments.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { failure, mockApi } from "../../../test/mock-api.ts";
import { ReviewComments } from "./review-comments.tsx";

const OPEN: ReviewComment = {
  id: "c1",
  keyId: "k1",
  key: "checkout.title",
  language: "de",
  authorId: "u1",
  author: "Olga Owner",
  body: "Formal or informal?",
  mentions: [],
  resolvedAt: null,
  resolvedBy: null,
  createdAt: new Date().toISOString(),
  editedAt: null,
};

function answer(comments: ReviewComment[]) {
  mockApi({
    comments: {
      review: ({ params }) => {
        if (params.reviewId !== "r1") throw failure(404);
        return { comments };
      },
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReviewComments reviewId="r1" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

describe("a review's Comments section", () => {
  it("lists each open comment with its key, language, author and text", async () => {
    answer([OPEN]);
    const section = screen.getByRole("region", { name: /Comments/ });
    const item = (await within(section).findAllByRole("listitem"))[0];
    expect(item?.textContent).toContain("checkout.title");
    expect(item?.textContent).toContain("German");
    expect(item?.textContent).toContain("Olga Owner");
    expect(item?.textContent).toContain("Formal or informal?");
    expect(within(section).getByText("1 open")).toBeTruthy();
  });

  it("says when nothing is open", async () => {
    answer([]);
    expect(await screen.findByText("No open comments on this review's keys.")).toBeTruthy();
  });
});
