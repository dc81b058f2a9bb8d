import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { BranchList } from "../../../../shared/schemas/branches.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi } from "../../../test/mock-api.ts";
import { branchOf, LIST } from "../test-data.ts";
import { BranchesView } from "./branches-view.tsx";

function setup(canManage: boolean, list: BranchList = LIST) {
  const calls = mockApi({
    branches: {
      list: () => list,
      update: ({ params, body }) => branchOf(params.id.replace("id-", ""), { protected: body.protected }),
      archive: ({ params }) =>
        branchOf(params.id.replace("id-", ""), { archivedAt: "2026-11-30T10:00:00.000Z" }),
      settings: ({ body }) => ({
        ...list,
        mainProtected: body.mainProtected ?? list.mainProtected,
        mergeRequiresReview: body.mergeRequiresReview ?? list.mergeRequiresReview,
      }),
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <BranchesView projectId="p1" canManage={canManage} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const row = (name: string) => screen.getByTestId(`branch-${name}`);

afterEach(cleanup);

describe("the Branches page", () => {
  it("lists live branches with what they change, and archived ones apart", async () => {
    setup(false);
    const live = await screen.findByRole("table", { name: "Branches" });
    expect(
      within(live)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["feature/checkout", "feature/searchProtected"]);
    expect(row("feature/checkout").textContent).toContain("2 keys added, 1 changed, 5 strings");
    expect(row("feature/checkout").textContent).toContain("Never");
    expect(
      within(row("feature/checkout")).getByRole("link", { name: "feature/checkout" }).getAttribute("href"),
    ).toBe("/app/branches/id-feature/checkout");
    const archived = screen.getByRole("table", { name: "Archived branches" });
    expect(within(archived).getByText("old/idea")).toBeTruthy();
    // A reviewer reads, and changes nothing.
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByText("Every member may merge into main.")).toBeTruthy();
  });

  it("protects a branch and protects main, and asks for a review before merges", async () => {
    const { calls, user } = setup(true);
    await user.click(await screen.findByRole("button", { name: "Protect feature/checkout" }));
    expect(await within(row("feature/checkout")).findByText("Protected")).toBeTruthy();
    expect(inputsOf(calls, "branches.update")).toEqual([
      { params: { id: "id-feature/checkout" }, body: { protected: true } },
    ]);
    await user.click(
      screen.getByRole("switch", { name: "Protect main: only owners and admins merge into it" }),
    );
    await waitFor(() =>
      expect(inputsOf(calls, "branches.settings")).toEqual([
        { params: { projectId: "p1" }, body: { mainProtected: true } },
      ]),
    );
    const review = screen.getByRole("switch", {
      name: "Merging requires a completed review of the branch's changes",
    });
    await user.click(review);
    await waitFor(() => expect(review.getAttribute("aria-checked")).toBe("true"));
    expect(inputsOf(calls, "branches.settings")[1]).toEqual({
      params: { projectId: "p1" },
      body: { mergeRequiresReview: true },
    });
  });

  it("deletes a branch after saying it is archived, not lost", async () => {
    const { calls, user } = setup(true);
    await user.click(await screen.findByRole("button", { name: "Delete feature/checkout" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("archived with its changes, not lost");
    await user.click(within(dialog).getByRole("button", { name: "Delete branch" }));
    const archived = screen.getByRole("table", { name: "Archived branches" });
    expect(await within(archived).findByText("feature/checkout")).toBeTruthy();
    const live = screen.getByRole("table", { name: "Branches" });
    expect(within(live).queryByRole("link", { name: "feature/checkout" })).toBeNull();
    expect(inputsOf(calls, "branches.archive")).toEqual([{ params: { id: "id-feature/checkout" } }]);
  });

  it("explains branches when there are none", async () => {
    setup(true, { mainProtected: false, mergeRequiresReview: false, branches: [], archived: [] });
    expect(await screen.findByText("No branches yet")).toBeTruthy();
    expect(screen.getByText("sprog push --branch feature/x")).toBeTruthy();
  });
});
