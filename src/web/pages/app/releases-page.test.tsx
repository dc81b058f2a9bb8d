import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { Branch } from "../../../shared/schemas/branches.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import type { Release, ReleaseList } from "../../../shared/schemas/releases.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { type ApiHandlers, inputsOf, mockApi, refusal } from "../../test/mock-api.ts";
import { watchToasts } from "../../test/toasts.ts";
import { ReleasesPage } from "./releases-page.tsx";

const toast = watchToasts();

const DISTRIBUTION = "0123456789abcdef0123456789abcdef";
const TODAY = new Date().toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const HOURS_AGO = new Date(Date.now() - 3 * 3_600_000).toISOString();

const PROJECT: Project = {
  id: "p1",
  teamId: "t1",
  name: "Shop",
  kind: "web",
  sourceLanguage: "en",
  languages: ["de", "en"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const release = (number: number, extra: Partial<Release> = {}): Release => ({
  id: `r${number}`,
  number,
  environment: "production",
  branch: "main",
  createdAt: HOURS_AGO,
  trigger: "person",
  createdBy: "Olga Owner",
  languages: ["en", "de"],
  only: "all",
  placeholderFormat: "web",
  keyCount: 120,
  keysChanged: number,
  files: [],
  downloads: [],
  liveIn: [],
  ...extra,
});

const manifest = (environment: string) => `/ota/${DISTRIBUTION}/${environment}/manifest.json`;

/** Release 4 on staging by CI, release 3 live in production, release 2 from a review. */
const LIST: ReleaseList = {
  distributionId: DISTRIBUTION,
  environments: [
    { name: "production", releaseNumber: 3, updatedAt: HOURS_AGO, manifestPath: manifest("production") },
    { name: "staging", releaseNumber: 4, updatedAt: HOURS_AGO, manifestPath: manifest("staging") },
  ],
  releases: [
    release(4, {
      environment: "staging",
      trigger: "api",
      createdBy: 'API key "CI"',
      liveIn: ["staging"],
      downloads: [{ day: TODAY, count: 5 }],
    }),
    release(3, {
      liveIn: ["production"],
      downloads: [
        { day: YESTERDAY, count: 9 },
        { day: TODAY, count: 3 },
      ],
    }),
    release(2, { trigger: "review", createdBy: null, only: "approved" }),
  ],
  releaseOnReview: null,
};

const BRANCH: Branch = {
  id: "b1",
  name: "copy/winter",
  baseId: null,
  baseName: "main",
  protected: false,
  createdAt: HOURS_AGO,
  createdBy: "Olga Owner",
  mergedAt: null,
  merges: 0,
  archivedAt: null,
  changes: { keysAdded: 0, keysChanged: 1, keysDeleted: 0, strings: 1 },
};

/** `address`: where the page opens (`?branch=copy/winter` puts its picker on that branch). */
function setup(
  role: Role,
  list: ReleaseList = LIST,
  handlers: ApiHandlers["releases"] = {},
  address = "/app/releases",
) {
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "not in this test");
  };
  const calls = mockApi({
    projects: { list: () => ({ projects: [PROJECT] }) },
    branches: {
      list: () => ({ mainProtected: false, mergeRequiresReview: false, branches: [BRANCH], archived: [] }),
    },
    releases: {
      list: ({ params }) => {
        inP1(params.projectId);
        return list;
      },
      ...handlers,
    },
  });
  const team: TeamSummary = { id: "t1", name: "Acme", role, createdAt: "2026-01-01T00:00:00.000Z" };
  const me: Me = { user: { id: "u1", email: "olga@acme.test" }, profile: null, teams: [team] };
  render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={createQueryClient()}>
        <WorkspaceProvider me={me} teams={[team]}>
          <ReleasesPage />
        </WorkspaceProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { calls, user: userEvent.setup() };
}

const row = (number: number) => screen.getByTestId(`release-row-${number}`);

async function openPublish(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole("table");
  await user.click(screen.getByRole("button", { name: "Publish release" }));
  return screen.findByRole("dialog", { name: "Publish release" });
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  // Radix measures the dialog's checkboxes and the menu; jsdom has no layout.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the Releases tab", () => {
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
