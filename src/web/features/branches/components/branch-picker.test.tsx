import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { useAddressBranch } from "../hooks/use-address-branch.ts";
import { branchOf, LIST } from "../test-data.ts";
import { BranchPicker } from "./branch-picker.tsx";

const toast = watchToasts();

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.search}</output>;
}

function Harness({ canStart }: { canStart: boolean }) {
  const address = useAddressBranch("p1");
  return (
    <>
      <BranchPicker projectId="p1" address={address} canStart={canStart} />
      <p>{address.resolving ? "resolving" : `on ${address.branch?.id ?? "main"}`}</p>
      <Where />
    </>
  );
}

function setup(at = "/app/overview?q=cart", canStart = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Harness canStart={canStart} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const where = () => screen.getByRole("status", { name: "where" }).textContent;

afterEach(() => {
  cleanup();
  toast.info.mockReset();
});

describe("the branch picker", () => {
  it("lists main and the live branches, and switching keeps the rest of the address", async () => {
    mockApi({ branches: { list: () => LIST } });
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Branch: main" }));
    const nav = await screen.findByRole("navigation", { name: "Branches" });
    await within(nav).findByRole("button", { name: "feature/checkout" });
    expect(
      within(nav)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["main", "feature/checkout", "feature/search"]);
    expect(within(nav).getByRole("button", { name: "main" }).getAttribute("aria-current")).toBe("true");

    await user.click(within(nav).getByRole("button", { name: "feature/checkout" }));
    expect(where()).toBe("?q=cart&branch=feature%2Fcheckout");
    expect(await screen.findByText("on id-feature/checkout")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Branch: feature/checkout" })).toBeTruthy();
  });

  it("starts a branch from the one chosen, then switches to it", async () => {
    const calls = mockApi({
      branches: {
        list: () => LIST,
        create: ({ body }) => branchOf(body.name, { baseName: body.base ?? "main" }),
      },
    });
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Branch: main" }));
    const form = await screen.findByRole("form", { name: "Start a branch" });
    await within(screen.getByRole("navigation", { name: "Branches" })).findByRole("button", {
      name: "feature/search",
    });
    await user.type(within(form).getByRole("textbox", { name: "New branch" }), "feature/cart");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Start from" }), "feature/search");
    await user.click(within(form).getByRole("button", { name: "Start branch" }));
    await waitFor(() => expect(where()).toBe("?q=cart&branch=feature%2Fcart"));
    expect(inputsOf(calls, "branches.create")).toEqual([
      { params: { projectId: "p1" }, body: { name: "feature/cart", base: "feature/search" } },
    ]);
  });

  it("shows the API's refusal inline", async () => {
    mockApi({
      branches: {
        list: () => LIST,
        create: () => {
          throw refusal(409, "conflict", "A branch feature/checkout already exists");
        },
      },
    });
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Branch: main" }));
    const form = await screen.findByRole("form", { name: "Start a branch" });
    await user.type(within(form).getByRole("textbox", { name: "New branch" }), "feature/checkout");
    await user.click(within(form).getByRole("button", { name: "Start branch" }));
    expect(await within(form).findByText("A branch feature/checkout already exists")).toBeTruthy();
    expect(where()).toBe("?q=cart");
  });

  it("is not offered to start a branch without the right", async () => {
    mockApi({ branches: { list: () => LIST } });
    const user = setup("/app/overview", false);
    await user.click(screen.getByRole("button", { name: "Branch: main" }));
    await screen.findByRole("navigation", { name: "Branches" });
    expect(screen.queryByRole("form", { name: "Start a branch" })).toBeNull();
    expect(screen.getByRole("link", { name: /All branches/ }).getAttribute("href")).toBe("/app/branches");
  });

  it("falls back to main with a notice when the address names no live branch", async () => {
    mockApi({ branches: { list: () => LIST } });
    setup("/app/overview?branch=gone&q=x");
    expect(screen.getByText("resolving")).toBeTruthy();
    await waitFor(() => expect(where()).toBe("?q=x"));
    expect(screen.getByText("on main")).toBeTruthy();
    expect(toast.info).toHaveBeenCalledWith("There is no branch “gone” in this project: showing main.");
  });
});
