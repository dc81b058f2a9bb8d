import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { useReviews } from "../api/list-reviews.ts";
import { useReviewActions } from "../hooks/use-review-actions.ts";
import { splitReviews } from "../review-state.ts";
import { summary } from "../test-fixtures.ts";
import { ReviewsList } from "./reviews-list.tsx";

const toasts = watchToasts();
const toastError = toasts.error;

/** Project p1's reviews; the status changes asked for, in order. */
function stubApi(reviews: ReviewSummary[], options: { fail?: boolean } = {}) {
  const calls = mockApi({
    reviews: {
      list: () => ({ reviews }),
      update: ({ body }) => {
        if (options.fail) throw refusal(500, "internal", "boom");
        return summary({ status: body.status, completed: body.status === "completed" });
      },
    },
  });
  return () => inputsOf(calls, "reviews.update");
}

/** The Reviews page's list without the page around it (workspace, toolbar). */
function Harness() {
  const reviews = useReviews("p1");
  const actions = useReviewActions("p1");
  const [search, setSearch] = useState("");
  if (!reviews.data) return <p>loading</p>;
  const { todo, completed } = splitReviews(reviews.data, search);
  return (
    <>
      <input aria-label="Search reviews" value={search} onChange={(event) => setSearch(event.target.value)} />
      <ReviewsList
        todo={todo}
        completed={completed}
        opening={null}
        canManage
        onToggleStatus={actions.toggleStatus}
        onLinkClick={() => {}}
      />
    </>
  );
}

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole("list", { name: new RegExp(`^${name}`) });

afterEach(() => {
  cleanup();
  toastError.mockClear();
});

describe("the Reviews list", () => {
  it("has To do and Completed sections, links to each review, and searches", async () => {
    stubApi([
      summary({ id: "r1", title: "Checkout", branchId: "b1", branchName: "feature/checkout" }),
      summary({ id: "r2", title: "Onboarding", status: "completed", completed: true, description: "" }),
    ]);
    const user = setup();
    expect(await screen.findByRole("heading", { name: /^To do/ })).toBeTruthy();
    expect(within(section("To do")).getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe(
      "/app/review/r1",
    );
    expect(within(section("Completed")).getByRole("link", { name: "Onboarding" })).toBeTruthy();
    expect(screen.getAllByText("Unassigned")).toHaveLength(2);
    // A branch's review says which branch it reads; main's says nothing.
    expect(within(section("To do")).getByTitle("The branch this review is of").textContent).toBe(
      "feature/checkout",
    );
    expect(within(section("Completed")).queryByTitle("The branch this review is of")).toBeNull();

    await user.type(screen.getByRole("textbox", { name: "Search reviews" }), "board");
    expect(screen.queryByRole("link", { name: "Checkout" })).toBeNull();
    expect(screen.getByRole("link", { name: "Onboarding" })).toBeTruthy();
  });

  it("the owner's avatar toggles the status at once", async () => {
    const patches = stubApi([summary({ id: "r1", title: "Checkout" })]);
    const user = setup();
    await user.click(await screen.findByRole("button", { name: "Mark Checkout as done" }));
    expect(within(section("Completed")).getByRole("link", { name: "Checkout" })).toBeTruthy();
    await waitFor(() =>
      expect(patches()).toEqual([{ params: { reviewId: "r1" }, body: { status: "completed" } }]),
    );
  });

  it("an empty review cannot be marked done from its avatar; a completed one can be re-opened (issue 34)", async () => {
    stubApi([
      summary({ id: "r1", title: "Checkout", keyCount: 0 }),
      summary({ id: "r2", title: "Onboarding", keyCount: 0, status: "completed", completed: true }),
    ]);
    setup();
    const mark = (await screen.findByRole("button", { name: "Mark Checkout as done" })) as HTMLButtonElement;
    expect(mark.disabled).toBe(true);
    expect(mark.title).toContain("add keys before marking the review as done");
    expect((screen.getByRole("button", { name: "Re-open Onboarding" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("goes back and says so when the server refuses", async () => {
    stubApi([summary({ id: "r1", title: "Checkout" })], { fail: true });
    const user = setup();
    await user.click(await screen.findByRole("button", { name: "Mark Checkout as done" }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith("Failed to update review. Please try again."),
    );
    expect(within(section("To do")).getByRole("link", { name: "Checkout" })).toBeTruthy();
  });
});
