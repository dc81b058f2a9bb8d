import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReleaseList } from "../../../shared/schemas/releases.ts";
import { inputsOf, refusal } from "../../test/mock-api.ts";
import { watchToasts } from "../../test/toasts.ts";
import {
  BRANCH,
  DISTRIBUTION,
  LIST,
  manifest,
  openPublish,
  release,
  resetBetweenTests,
  row,
  setup,
} from "./releases-page-test-helpers.tsx";

const toast = watchToasts();
resetBetweenTests(toast);

describe("the Releases tab: what it lists, and publishing", () => {
  it("shows each environment's release and manifest URL, and the releases with who, what and downloads", async () => {
    setup("owner");
    expect(await screen.findByRole("heading", { name: "Releases · Shop" })).toBeTruthy();
    const production = await screen.findByTestId("environment-production");
    expect(production.textContent).toContain("production: release 3, since 3 hours ago");
    expect(within(production).getByText(`${window.location.origin}${manifest("production")}`)).toBeTruthy();
    expect(within(production).getByRole("button", { name: "Copy production manifest URL" })).toBeTruthy();
    expect(screen.getByTestId("environment-staging").textContent).toContain("staging: release 4");

    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(row(4)).getByRole("rowheader").textContent).toBe("Release 4to stagingfrom main");
    expect(row(4).textContent).toContain('CI · API key "CI"');
    expect(within(row(4)).getByRole("img", { name: "5 downloads in the last 14 days" })).toBeTruthy();
    expect(within(row(4)).getByText("staging")).toBeTruthy();
    expect(within(row(3)).getByRole("img", { name: "12 downloads in the last 14 days" })).toBeTruthy();
    expect(row(3).textContent).toContain("Olga Owner");
    expect(row(3).textContent).toContain("of 120 keys");
    expect(within(row(3)).getByRole("time").getAttribute("title")).toMatch(/\d{4} at /);
    expect(row(2).textContent).toContain("Review completed");
    expect(row(2).textContent).toContain("Approved only");
    expect(within(row(2)).getByRole("img", { name: "No downloads in the last 14 days" })).toBeTruthy();

    // The app's set-up names this server, the distribution and the project.
    const setupCode = screen.getByRole("region", { name: "Use it in your app" }).textContent ?? "";
    expect(setupCode).toContain("npm install i18next i18next-icu @sprog/i18next");
    expect(setupCode).toContain(`url: "${window.location.origin}"`);
    expect(setupCode).toContain(`distribution: "${DISTRIBUTION}"`);
    expect(setupCode).toContain(`projectId: "p1"`);
    expect(setupCode).toContain("bundled: { en: { translation: en }, de: { translation: de } }");
    expect(screen.getByRole("link", { name: /Releases in the API docs/ }).getAttribute("href")).toBe(
      "/docs/api#releases",
    );
  });

  it("checks the environment and the languages before sending anything", async () => {
    const { calls, user } = setup("owner");
    const dialog = await openPublish(user);
    const environment = within(dialog).getByRole("combobox", { name: "Environment" });
    expect((environment as HTMLInputElement).value).toBe("production");
    const options = [...document.querySelectorAll(`#${environment.getAttribute("list")} option`)];
    expect(options.map((option) => option.getAttribute("value"))).toEqual(["production", "staging"]);

    fireEvent.change(environment, { target: { value: "Beta 2" } });
    await user.click(within(dialog).getByRole("checkbox", { name: /English/ }));
    await user.click(within(dialog).getByRole("checkbox", { name: /German/ }));
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect(
      await within(dialog).findByText(/environment must be lowercase letters, digits and dashes/),
    ).toBeTruthy();
    expect(within(dialog).getByText("Choose at least one language")).toBeTruthy();
    expect(inputsOf(calls, "releases.publish")).toEqual([]);
  });

  it("publishes with the environment, languages, strings and placeholders chosen, then refreshes", async () => {
    const { calls, user } = setup("owner", LIST, {
      publish: ({ body }) => release(5, { environment: body.environment ?? "production" }),
    });
    const dialog = await openPublish(user);
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Environment" }), {
      target: { value: "beta-2" },
    });
    await user.click(within(dialog).getByRole("checkbox", { name: /German/ }));
    await user.click(within(dialog).getByRole("radio", { name: "Only approved strings" }));
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Placeholder format" }), "ios");
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(inputsOf(calls, "releases.publish")).toEqual([
      {
        params: { projectId: "p1" },
        body: { environment: "beta-2", languages: ["en"], only: "approved", placeholderFormat: "ios" },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Release 5 published to beta-2");
    // The list is asked for again: the environments and badges changed too.
    await waitFor(() => expect(inputsOf(calls, "releases.list").length).toBe(2));
  });

  it("on the branch picked in the header, publishes from it to staging, never production, and lists whose strings each release is", async () => {
    const list: ReleaseList = {
      ...LIST,
      releases: [release(5, { environment: "staging", branch: BRANCH.name }), ...LIST.releases],
    };
    const { calls, user } = setup(
      "owner",
      list,
      {
        publish: ({ body }) =>
          release(6, { environment: body.environment ?? "staging", branch: BRANCH.name }),
      },
      `/app/releases?branch=${BRANCH.name}`,
    );
    await screen.findByRole("table");
    expect(screen.getByRole("button", { name: "Branch: copy/winter" })).toBeTruthy();
    expect(within(row(5)).getByRole("rowheader").textContent).toBe(
      "Release 5to stagingfrom branch copy/winter",
    );
    // Its row offers no production: a branch's release never goes there.
    await user.click(within(row(5)).getByRole("button", { name: "Make release 5 live" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByText(/production/)).toBeNull();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Publish release from copy/winter" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish release from copy/winter" });
    const environment = within(dialog).getByRole("combobox", { name: "Environment" });
    expect((environment as HTMLInputElement).value).toBe("staging");
    const options = [...document.querySelectorAll(`#${environment.getAttribute("list")} option`)];
    expect(options.map((option) => option.getAttribute("value"))).toEqual(["staging"]);
    fireEvent.change(environment, { target: { value: "production" } });
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect(
      await within(dialog).findByText(/A release of the branch copy\/winter cannot go to production/),
    ).toBeTruthy();
    expect(inputsOf(calls, "releases.publish")).toEqual([]);

    fireEvent.change(environment, { target: { value: "staging" } });
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The call runs on the branch (x-sprog-branch); the list stays main's call, the project's releases.
    expect(calls.filter((c) => c.procedure === "releases.publish")).toEqual([
      {
        procedure: "releases.publish",
        input: {
          params: { projectId: "p1" },
          body: { environment: "staging", only: "all", placeholderFormat: "web" },
        },
        branch: "b1",
      },
    ]);
    expect(calls.filter((c) => c.procedure === "releases.list").every((c) => c.branch === undefined)).toBe(
      true,
    );
    expect(toast.success).toHaveBeenCalledWith("Release 6 from copy/winter published to staging");
  });

  it("leaves every language to the server, and shows its refusal in the dialog", async () => {
    const { calls, user } = setup("owner", LIST, {
      publish: () => {
        throw refusal(400, "bad_request", "There is nothing to publish yet");
      },
    });
    const dialog = await openPublish(user);
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("There is nothing to publish yet");
    expect(inputsOf(calls, "releases.publish")).toEqual([
      {
        params: { projectId: "p1" },
        body: { environment: "production", only: "all", placeholderFormat: "web" },
      },
    ]);
  });
});
