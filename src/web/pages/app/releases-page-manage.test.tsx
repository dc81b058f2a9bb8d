import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReleaseList } from "../../../shared/schemas/releases.ts";
import { inputsOf } from "../../test/mock-api.ts";
import { watchToasts } from "../../test/toasts.ts";
import { LIST, resetBetweenTests, row, setup } from "./releases-page-test-helpers.tsx";

const toast = watchToasts();
resetBetweenTests(toast);

describe("the Releases tab: rolling back, making live, publishing on review, roles", () => {
  it("rolls production back after confirming, and makes a release live elsewhere at once", async () => {
    const rolledBack: ReleaseList = {
      ...LIST,
      environments: LIST.environments.map((env) =>
        env.name === "production" ? { ...env, releaseNumber: 2 } : env,
      ),
      releases: LIST.releases.map((r) => ({
        ...r,
        liveIn: r.number === 2 ? ["production"] : r.number === 3 ? [] : r.liveIn,
      })),
    };
    const { calls, user } = setup("admin", LIST, { activate: () => rolledBack });
    await screen.findByRole("table");

    await user.click(within(row(2)).getByRole("button", { name: "Make release 2 live" }));
    await user.click(await screen.findByRole("menuitem", { name: "Roll back production to this" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Roll back production to release 2?" });
    expect(confirm.textContent).toContain("instead of release 3");
    expect(inputsOf(calls, "releases.activate")).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Roll back" }));
    await waitFor(() =>
      expect(inputsOf(calls, "releases.activate")).toEqual([
        { params: { id: "r2" }, body: { environment: "production" } },
      ]),
    );
    expect(toast.success).toHaveBeenCalledWith("production now serves release 2");
    await waitFor(() => expect(within(row(2)).getByText("production")).toBeTruthy());
    expect(screen.getByTestId("environment-production").textContent).toContain("production: release 2");

    // Not production: no question asked.
    await user.click(within(row(3)).getByRole("button", { name: "Make release 3 live" }));
    await user.click(await screen.findByRole("menuitem", { name: "Roll back staging to this" }));
    await waitFor(() =>
      expect(inputsOf(calls, "releases.activate").at(-1)).toEqual({
        params: { id: "r3" },
        body: { environment: "staging" },
      }),
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("makes a release live in an environment typed in, the release's own by default", async () => {
    const { calls, user } = setup("owner", LIST, { activate: () => LIST });
    await screen.findByRole("table");
    await user.click(within(row(4)).getByRole("button", { name: "Make release 4 live" }));
    await user.click(await screen.findByRole("menuitem", { name: "Another environment…" }));
    const dialog = await screen.findByRole("dialog", { name: "Make release 4 live" });
    const field = within(dialog).getByRole("combobox", { name: "Environment" });
    expect((field as HTMLInputElement).value).toBe("staging");
    fireEvent.change(field, { target: { value: "qa" } });
    await user.click(within(dialog).getByRole("button", { name: "Make live" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(inputsOf(calls, "releases.activate")).toEqual([
      { params: { id: "r4" }, body: { environment: "qa" } },
    ]);
    expect(toast.success).toHaveBeenCalledWith("qa now serves release 4");
  });

  it("turns publishing on review on, to the environment given", async () => {
    const { calls, user } = setup("owner", LIST, {
      settings: ({ body }) => ({ ...LIST, releaseOnReview: body.releaseOnReview }),
    });
    const toggle = await screen.findByRole("switch", {
      name: "Publish a release when a review is completed",
    });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await user.click(toggle);
    await waitFor(() =>
      expect(inputsOf(calls, "releases.settings")).toEqual([
        { params: { projectId: "p1" }, body: { releaseOnReview: "production" } },
      ]),
    );
    await waitFor(() =>
      expect(
        screen
          .getByRole("switch", { name: "Publish a release when a review is completed" })
          .getAttribute("aria-checked"),
      ).toBe("true"),
    );
    expect(toast.success).toHaveBeenCalledWith("A completed review now publishes a release to production");
  });

  it("shows reviewers the releases without Publish, row actions or settings", async () => {
    setup("reviewer");
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Publish release" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Make release \d live/ })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByRole("heading", { name: "Use it in your app" })).toBeTruthy();
  });

  it("explains what a release is when there is none, with Publish for those who may", async () => {
    const { user } = setup("owner", { ...LIST, environments: [], releases: [] });
    expect(await screen.findByRole("heading", { name: "No releases yet" })).toBeTruthy();
    expect(screen.getByText(/numbered snapshot of this project's translations/)).toBeTruthy();
    const publish = screen.getAllByRole("button", { name: "Publish release" });
    expect(publish).toHaveLength(2);
    await user.click(publish[1] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "Publish release" })).toBeTruthy();
  });
});
