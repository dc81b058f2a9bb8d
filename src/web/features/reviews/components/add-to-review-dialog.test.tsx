import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { summary } from "../test-fixtures.ts";
import { AddToReviewDialog } from "./add-to-review-dialog.tsx";

const toasts = watchToasts();
const toastSuccess = toasts.success;

/** Project p1's reviews; the changes asked for (creating a review, adding keys to one), in order. */
function stubApi(reviews: ReviewSummary[], options: { fail?: boolean } = {}) {
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "Project not found");
  };
  const refused = () => {
    if (options.fail) throw refusal(500, "internal", "boom");
  };
  const calls = mockApi({
    reviews: {
      list: ({ params }) => {
        inP1(params.projectId);
        return { reviews };
      },
      create: ({ params, body }) => {
        inP1(params.projectId);
        refused();
        return summary({ id: "r9", title: body.title });
      },
      addKeys: () => {
        refused();
        return summary({ title: "Checkout" });
      },
    },
  });
  return () => calls.filter((call) => call.procedure !== "reviews.list");
}

/** Stands in for the review page: says which review the app went to. */
function ReviewOpened() {
  return <p>Opened review {useParams().reviewId}</p>;
}

function setup() {
  const onAdded = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/app/overview"]}>
        <Routes>
          <Route
            path="/app/overview"
            element={
              <AddToReviewDialog
                projectId="p1"
                keyIds={["k1", "k2"]}
                open
                onOpenChange={onOpenChange}
                onAdded={onAdded}
              />
            }
          />
          <Route path="/app/review/:reviewId" element={<ReviewOpened />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onAdded, onOpenChange };
}

afterEach(() => {
  cleanup();
  toastSuccess.mockClear();
});

describe("Add to Review", () => {
  it("offers the pending reviews (not the completed ones) and adds the selected keys to the chosen one", async () => {
    const posts = stubApi([
      summary({ id: "r1", title: "Checkout" }),
      summary({ id: "r2", title: "Old one", status: "completed", completed: true }),
    ]);
    const { user, onAdded, onOpenChange } = setup();
    const checkout = await screen.findByRole("radio", { name: /Checkout/ });
    expect((checkout as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("radio", { name: /Old one/ })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Add to Review" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add to Review" }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(posts()).toEqual([
      { procedure: "reviews.addKeys", input: { params: { reviewId: "r1" }, body: { keyIds: ["k1", "k2"] } } },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toastSuccess).toHaveBeenCalledWith("2 keys added to “Checkout”", expect.anything());
    // Adding to an existing review stays on the Overview; the toast offers to open it.
    expect(screen.queryByText(/Opened review/)).toBeNull();
  });

  it("creates a new review with the keys: title required, both fields trimmed", async () => {
    const posts = stubApi([]);
    const { user, onAdded } = setup();
    const newReview = await screen.findByRole("radio", { name: /New review/ });
    expect((newReview as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole("button", { name: "Create Review" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.type(screen.getByRole("textbox", { name: "Title" }), "  Release 2.0  ");
    await user.type(screen.getByRole("textbox", { name: /Description/ }), " Check the new screens ");
    await user.click(screen.getByRole("button", { name: "Create Review" }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        procedure: "reviews.create",
        input: {
          params: { projectId: "p1" },
          body: { title: "Release 2.0", description: "Check the new screens", keyIds: ["k1", "k2"] },
        },
      },
    ]);
    // The new review opens at once (issue 19), with the toast saying what was made.
    expect(await screen.findByText("Opened review r9")).toBeTruthy();
    expect(toastSuccess).toHaveBeenCalledWith("Review “Release 2.0” created with 2 keys");
  });

  it("says 'Failed to add keys to review' and stays open when the server refuses", async () => {
    stubApi([summary({ id: "r1", title: "Checkout" })], { fail: true });
    const { user, onAdded } = setup();
    await screen.findByRole("radio", { name: /Checkout/ });
    await user.click(screen.getByRole("button", { name: "Add to Review" }));
    expect(await screen.findByText("Failed to add keys to review")).toBeTruthy();
    expect(onAdded).not.toHaveBeenCalled();
  });
});
