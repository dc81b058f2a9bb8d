import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { ActivityEntry, ActivityPage as Page } from "../../../shared/schemas/activity.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import type { TeamMember, TeamSummary } from "../../../shared/schemas/teams.ts";
import { EMPTY_ACTIVITY_TEXT } from "../../features/activity/components/activity-feed.tsx";
import { activityEntry } from "../../features/activity/test-entries.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { type InputOf, inputsOf, mockApi, refusal } from "../../test/mock-api.ts";
import { ActivityPage } from "./activity-page.tsx";

const NOW = new Date(2026, 10, 26, 15, 0);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const PROJECT: Project = {
  id: "0b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c01",
  teamId: "t1",
  name: "Web app",
  kind: "web",
  sourceLanguage: "en",
  languages: ["en", "de", "fr"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const P = PROJECT.id;
const MEMBERS: TeamMember[] = [
  {
    id: "m1",
    userId: "u-olga",
    email: "olga@acme.test",
    name: "Olga Owner",
    role: "owner",
    joinedAt: NOW.toISOString(),
  },
  {
    id: "m2",
    userId: "u-rita",
    email: "rita@acme.test",
    name: "",
    role: "reviewer",
    joinedAt: NOW.toISOString(),
  },
];

const EDIT = activityEntry({
  id: "3",
  projectId: P,
  createdAt: minutesAgo(5),
  count: 12,
  languages: ["de", "fr"],
  keys: [{ id: "k1", key: "home.title" }],
});
const IMPORT = activityEntry({
  id: "2",
  projectId: P,
  kind: "strings.imported",
  createdAt: minutesAgo(24 * 60),
  user: { id: "u-rita", name: "Rita Reviewer" },
  count: 340,
  details: { fileName: "de.json" },
  keys: ["a", "b", "c", "d", "e"].map((name) => ({ id: `k-${name}`, key: `nav.${name}` })),
});

/** Just enough of EventSource to deliver the project's events. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, Set<(message: MessageEvent<string>) => void>>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string, data: unknown) {
    const message = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
  close() {}
}

/** The query of a request for the feed. */
type FeedQuery = NonNullable<InputOf<"activity.list">["query"]>;
/** The feed's answers, by the query asked (throw for a refusal). */
type Feed = (query: FeedQuery) => Page;

/** The filters a query sends (those with a value). */
const sentFilters = (query: FeedQuery | undefined) =>
  Object.entries(query ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [name]));

function setup(role: Role, feed: Feed, path = "/app/activity") {
  vi.stubGlobal("EventSource", FakeEventSource);
  const notFound = () => refusal(404, "not_found", "Not found");
  const inT1 = (teamId: string) => {
    if (teamId !== "t1") throw notFound();
  };
  const calls = mockApi({
    projects: {
      list: ({ params }) => {
        inT1(params.teamId);
        return { projects: [PROJECT] };
      },
    },
    teams: {
      listMembers: ({ params }) => {
        inT1(params.teamId);
        return { members: MEMBERS };
      },
    },
    activity: {
      // The dashboard above the feed (its own tests are in features/activity): an empty project.
      dashboard: () => ({
        projectId: PROJECT.id,
        languages: [],
        progress: [],
        words: { month: "2026-11", people: 0, ai: 0 },
        contributors: [],
        reviews: [],
      }),
      list: ({ params, query = {} }) => {
        inT1(params.teamId);
        return feed(query);
      },
    },
  });
  /** The feed's requests, by their query. */
  const requests = () => inputsOf(calls, "activity.list").map((input) => input.query ?? {});
  const team: TeamSummary = { id: "t1", name: "Acme", role, createdAt: "2026-01-01T00:00:00.000Z" };
  const me: Me = { user: { id: "u-olga", email: "olga@acme.test" }, profile: null, teams: [team] };
  function Overview() {
    const location = useLocation();
    return <p>Overview at {location.search}</p>;
  }
  const router = createMemoryRouter(
    [
      { path: "/app/activity", element: <ActivityPage /> },
      { path: "/app/overview", element: <Overview /> },
      { path: "/app/review/:reviewId", element: <p>Review</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WorkspaceProvider me={me} teams={[team]}>
        <RouterProvider router={router} />
      </WorkspaceProvider>
    </QueryClientProvider>,
  );
  return { requests, router, user: userEvent.setup() };
}

const day = (label: string) => screen.findByRole("region", { name: label });
/** The entries of a day (not the keys listed inside them). */
const itemText = (region: HTMLElement) =>
  [...region.querySelectorAll(":scope > ul > li")].map((item) => item.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  FakeEventSource.last = undefined;
});

describe("the Activity tab", () => {
  it("lists the selected project's activity newest first by day: who, what, when, and the keys", async () => {
    const { requests, router, user } = setup("owner", () => ({ entries: [EDIT, IMPORT], next: null }));
    const today = await day("Today");
    expect(itemText(today)[0]).toContain("Olga Owner edited 12 strings in German, French");
    expect(requests()[0]?.projectId).toBe(P);

    const time = within(today).getByText("5 minutes ago");
    expect(time.getAttribute("dateTime")).toBe(EDIT.createdAt);
    expect(time.getAttribute("title")).toContain("2026");

    const yesterday = await day("Yesterday");
    expect(yesterday.textContent).toContain("Rita Reviewer imported de.json: 340 strings");
    // Several keys: the first three link to the Overview, "+2 more" shows the rest.
    expect(
      within(yesterday)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["nav.a", "nav.b", "nav.c"]);
    await user.click(within(yesterday).getByRole("button", { name: "+2 more" }));
    expect(within(yesterday).getAllByRole("link")).toHaveLength(5);

    await user.click(within(today).getByRole("link", { name: "home.title" }));
    expect(router.state.location.pathname).toBe("/app/overview");
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ team: "t1", project: P, q: "home.title" });
  });

  it("filters by person, kind and days from the address, and each change goes into the address", async () => {
    const { requests, router, user } = setup(
      "owner",
      () => ({ entries: [IMPORT], next: null }),
      "/app/activity?person=u-rita&since=2026-11-01",
    );
    await day("Yesterday");
    expect(requests()[0]?.userId).toBe("u-rita");
    expect(requests()[0]?.since).toBe("2026-11-01");
    // A member without a profile name goes by the e-mail.
    expect(screen.getByLabelText<HTMLSelectElement>("Person").selectedOptions[0]?.textContent).toBe(
      "rita@acme.test",
    );

    await user.selectOptions(screen.getByLabelText("Kind"), "Imported a file");
    await waitFor(() => expect(requests().at(-1)?.kind).toBe("strings.imported"));
    expect(new URLSearchParams(router.state.location.search).get("kind")).toBe("strings.imported");

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(sentFilters(requests().at(-1))).toEqual(["projectId"]));
    expect(router.state.location.search).toBe("");
  });

  it("shows owners the whole team's feed on request, naming each entry's project", async () => {
    const { requests, user } = setup("owner", () => ({ entries: [EDIT], next: null }));
    await day("Today");
    await user.selectOptions(screen.getByLabelText("Show"), "Whole team");
    await waitFor(() => expect(sentFilters(requests().at(-1))).not.toContain("projectId"));
    expect((await day("Today")).textContent).toContain("· Web app");
  });

  it("links a review's entry to the review", async () => {
    const review = activityEntry({
      id: "7",
      projectId: P,
      kind: "review.completed",
      createdAt: minutesAgo(1),
      details: { reviewId: "r1", title: "Checkout" },
    });
    const { router, user } = setup("owner", () => ({ entries: [review], next: null }));
    const today = await day("Today");
    expect(itemText(today)[0]).toContain("Olga Owner completed the review “Checkout”");
    await user.click(within(today).getByRole("link", { name: "Open the review" }));
    expect(router.state.location.pathname).toBe("/app/review/r1");
  });

  it("offers a reviewer the project's string work only", async () => {
    setup("reviewer", () => ({ entries: [EDIT], next: null }));
    await day("Today");
    expect(screen.queryByLabelText("Show")).toBeNull();
    const kinds = [...screen.getByLabelText<HTMLSelectElement>("Kind").options].map((option) => option.text);
    expect(kinds).toContain("Edited strings");
    expect(kinds).not.toContain("Changed a role");
  });

  it("loads older pages with Load more", async () => {
    const older = activityEntry({
      id: "1",
      projectId: P,
      kind: "key.created",
      createdAt: minutesAgo(9),
      keys: [{ id: "k9", key: "cart.empty" }],
    });
    const { requests, user } = setup("owner", (query) =>
      query.before === "c1" ? { entries: [older], next: null } : { entries: [EDIT], next: "c1" },
    );
    await day("Today");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(itemText(screen.getByRole("region", { name: "Today" }))).toHaveLength(2));
    expect(requests().at(-1)?.before).toBe("c1");
    expect(itemText(screen.getByRole("region", { name: "Today" }))[1]).toContain("Olga Owner added a key");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("puts a live entry at the top and replaces one whose count grew, without fetching again", async () => {
    const { requests } = setup("owner", () => ({ entries: [EDIT], next: null }));
    await day("Today");
    const source = FakeEventSource.last;
    if (!source) throw new Error("no event stream opened");
    expect(source.url).toBe(`/api/projects/${P}/events`);

    const fresh: ActivityEntry = activityEntry({
      id: "4",
      projectId: P,
      kind: "key.created",
      createdAt: NOW.toISOString(),
      keys: [{ id: "k5", key: "cart.title" }],
    });
    act(() => source.emit("activity.created", fresh));
    await waitFor(() =>
      expect(itemText(screen.getByRole("region", { name: "Today" }))[0]).toContain("added a key"),
    );
    act(() => source.emit("activity.created", { ...EDIT, count: 13 }));
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Today" }).textContent).toContain("edited 13 strings"),
    );
    const items = itemText(screen.getByRole("region", { name: "Today" }));
    expect(items).toHaveLength(2);
    expect(items.join()).not.toContain("edited 12 strings");
    // Another project's entry is not this feed's.
    act(() =>
      source.emit("activity.created", {
        ...fresh,
        id: "5",
        projectId: "1b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c02",
      }),
    );
    expect(itemText(screen.getByRole("region", { name: "Today" }))).toHaveLength(2);
    expect(requests()).toHaveLength(1);
  });

  it("says what will show up when there is nothing yet", async () => {
    setup("owner", () => ({ entries: [], next: null }));
    expect(await screen.findByRole("heading", { name: "No activity yet" })).toBeTruthy();
    expect(screen.getByText(EMPTY_ACTIVITY_TEXT)).toBeTruthy();
  });

  it("shows a skeleton while loading, and a failure with Retry", async () => {
    let fail = true;
    const { user } = setup("owner", () => {
      if (fail) throw refusal(429, "rate_limited", "Too many requests, try again in a minute");
      return { entries: [EDIT], next: null };
    });
    expect(screen.getByRole("status", { name: "Loading activity" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Failed to load the activity" })).toBeTruthy();
    expect(screen.getByText("Too many requests, try again in a minute")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await day("Today")).toBeTruthy();
  });
});
