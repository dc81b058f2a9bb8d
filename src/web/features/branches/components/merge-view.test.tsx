import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { BranchDiff } from "../../../../shared/schemas/branches.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { branchOf } from "../test-data.ts";
import { MergeView } from "./merge-view.tsx";

const KEY_A = "0b4f7a8e-9a53-4d3e-8f4e-2b1b7c6d5e4f";
const KEY_B = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";

const DIFF: BranchDiff = {
  branch: branchOf("feature/checkout"),
  conflicts: 1,
  blockedBy: null,
  reviewNeeded: false,
  keys: [
    {
      keyId: KEY_B,
      key: "checkout.new",
      namespace: "",
      change: "added",
      baseKey: null,
      conflict: false,
      strings: [{ language: "en", was: null, base: null, branch: "Pay now", conflict: false }],
    },
    {
      keyId: KEY_A,
      key: "cart.title",
      namespace: "",
      change: "renamed",
      baseKey: "basket.title",
      conflict: true,
      strings: [
        { language: "en", was: "Basket", base: "Your basket", branch: "Cart", conflict: true },
        { language: "de", was: "Korb", base: "Korb", branch: "Warenkorb", conflict: false },
      ],
    },
  ],
};

function setup(diff: BranchDiff = DIFF) {
  const calls = mockApi({
    branches: {
      diff: () => diff,
      merge: () => ({
        branch: branchOf("feature/checkout", { merges: 1, mergedAt: "2026-11-30T10:00:00.000Z" }),
        keysAdded: 1,
        keysChanged: 1,
        keysDeleted: 0,
        strings: 3,
      }),
      list: () => ({ mainProtected: false, mergeRequiresReview: false, branches: [], archived: [] }),
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MergeView projectId="p1" branchId="id-feature/checkout" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(cleanup);

describe("the merge view", () => {
  it("shows conflicts first with the three texts, and merges once each conflict is resolved", async () => {
    const { calls, user } = setup();
    const keys = await screen.findAllByRole("article");
    expect(keys.map((k) => k.getAttribute("aria-label"))).toEqual(["cart.title", "checkout.new"]);
    const conflict = keys[0] as HTMLElement;
    expect(within(conflict).getByText("Conflict")).toBeTruthy();
    expect(within(conflict).getByText("basket.title")).toBeTruthy();
    const english = within(conflict).getByRole("row", { name: /English/ });
    expect(
      within(english)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Basket", "Your basket", "Cart"]);

    const merge = screen.getByRole("button", { name: "Merge into main" });
    expect((merge as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Resolve 1 conflict to merge.")).toBeTruthy();

    await user.click(within(conflict).getByRole("radio", { name: "Edit" }));
    const text = within(conflict).getByRole("textbox", { name: "English text of cart.title" });
    expect((text as HTMLTextAreaElement).value).toBe("Cart");
    await user.clear(text);
    await user.type(text, "Your cart");
    expect((merge as HTMLButtonElement).disabled).toBe(false);
    await user.click(merge);

    expect(await screen.findByRole("region", { name: "Merged" })).toBeTruthy();
    expect(screen.getByText("1 key added, 1 changed, 0 deleted, 3 strings.")).toBeTruthy();
    expect(screen.getByText(/The branch now matches main/)).toBeTruthy();
    expect(inputsOf(calls, "branches.merge")).toEqual([
      {
        params: { id: "id-feature/checkout" },
        body: { resolutions: [{ keyId: KEY_A, take: "edit", values: { en: "Your cart" } }] },
      },
    ]);
  });

  it("sends Take base as the choice alone", async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole("radio", { name: "Take base" }));
    await user.click(screen.getByRole("button", { name: "Merge into main" }));
    await screen.findByRole("region", { name: "Merged" });
    expect(inputsOf(calls, "branches.merge")[0]?.body).toEqual({
      resolutions: [{ keyId: KEY_A, take: "base" }],
    });
  });

  it("holds Merge back with the reason when this person cannot merge", async () => {
    const { user } = setup({
      ...DIFF,
      blockedBy: "main is protected: only owners and admins merge into it.",
    });
    await user.click(await screen.findByRole("radio", { name: "Take branch" }));
    expect((screen.getByRole("button", { name: "Merge into main" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText("main is protected: only owners and admins merge into it.")).toBeTruthy();
  });

  it("requests a review of the branch's changes when the project asks for one before a merge", async () => {
    const blockedBy = "Merging needs a completed review of this branch's changes";
    const calls = mockApi({
      branches: { diff: () => ({ ...DIFF, conflicts: 0, blockedBy, reviewNeeded: true }) },
      reviews: {
        create: ({ params, body }, { branch }) => ({
          id: "r9",
          projectId: params.projectId,
          title: body.title,
          description: "",
          status: "pending",
          completed: false,
          ownerUserId: "u1",
          ownerName: "Olga Owner",
          assignee: "Unassigned",
          keyCount: body.keyIds?.length ?? 0,
          languagesDone: [],
          createdAt: "2026-11-30T10:00:00.000Z",
          lastUpdatedAt: "2026-11-30T10:00:00.000Z",
          branchId: branch ?? null,
          branchName: branch ? "feature/checkout" : null,
        }),
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={["/app/branches/id-feature/checkout"]}>
          <Routes>
            <Route
              path="/app/branches/*"
              element={<MergeView projectId="p1" branchId="id-feature/checkout" />}
            />
            <Route path="/app/review/:reviewId" element={<p>Review page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText(blockedBy)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Request a review of these changes" }));
    expect(await screen.findByText("Review page")).toBeTruthy();
    expect(calls.filter((c) => c.procedure === "reviews.create")).toEqual([
      {
        procedure: "reviews.create",
        input: {
          params: { projectId: "p1" },
          body: { title: "Changes on feature/checkout", keyIds: [KEY_B, KEY_A] },
        },
        branch: "id-feature/checkout",
      },
    ]);
  });

  it("shows the API's refusal as its message", async () => {
    mockApi({
      branches: {
        diff: () => ({ ...DIFF, conflicts: 0, keys: [DIFF.keys[0] as BranchDiff["keys"][number]] }),
        merge: () => {
          throw refusal(409, "conflict", "main changed meanwhile: compare again");
        },
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MergeView projectId="p1" branchId="id-feature/checkout" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Merge into main" }));
    expect(await screen.findByText("main changed meanwhile: compare again")).toBeTruthy();
  });
});
