import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Dashboard } from "../../../../../shared/schemas/dashboard.ts";
import { createQueryClient } from "../../../../lib/query-client.ts";
import { failure, mockApi, refusal } from "../../../../test/mock-api.ts";
import { ProjectDashboard } from "./project-dashboard.tsx";

// The canvas chart cannot draw in jsdom; its numbers are checked through the table it comes with.
vi.mock("./progress-line-chart.tsx", () => ({
  default: ({ codes }: { codes: string[] }) => <div data-testid="line-chart">{codes.join(",")}</div>,
}));

const DASHBOARD: Dashboard = {
  projectId: "p1",
  languages: [
    { code: "de", total: 100, translated: 70, unverified: 10, approved: 40, missing: 20 },
    { code: "fr", total: 100, translated: 5, unverified: 0, approved: 0, missing: 95 },
  ],
  progress: [
    {
      code: "de",
      points: [
        { day: "2026-11-24", translated: 50, total: 100 },
        { day: "2026-11-25", translated: 70, total: 100 },
      ],
    },
    { code: "fr", points: [{ day: "2026-11-25", translated: 5, total: 100 }] },
  ],
  words: { month: "2026-11-01", people: 1234, ai: 560 },
  contributors: [
    { userId: "u1", name: "Ada Lovelace", strings: 42 },
    { userId: "u2", name: "Grace Hopper", strings: 1 },
  ],
  reviews: [{ id: "r 1", title: "Release 2.0", approved: 30, total: 120, languagesDone: 1, languages: 2 }],
};

/** A fake API answering project p1's dashboard with `answers` in turn (the last one again after that). */
function stubApi(...answers: (() => Dashboard)[]) {
  let call = 0;
  return mockApi({
    activity: {
      dashboard: ({ params }) => {
        if (params.projectId !== "p1") throw failure(500);
        const answer = answers[Math.min(call, answers.length - 1)];
        call += 1;
        return answer ? answer() : DASHBOARD;
      },
    },
  });
}

function setup() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProjectDashboard projectId="p1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

afterEach(() => {
  cleanup();
});

describe("ProjectDashboard", () => {
  it("shows each language's bar numbers and the same numbers in a table", async () => {
    stubApi(() => DASHBOARD);
    const { user } = setup();
    expect(screen.getByRole("status", { name: "Loading the dashboard" })).toBeTruthy();
    const german = await screen.findByTestId("bar-numbers-de");
    // Translated in the bar is translated and not approved: 70 − 40.
    expect(german.textContent).toBe("Approved 40Translated 30Unverified AI 10Missing 20");
    expect(screen.getByTestId("bar-numbers-fr").textContent).toBe(
      "Approved 0Translated 5Unverified AI 0Missing 95",
    );

    expect(screen.queryByRole("table", { name: "Where each language stands" })).toBeNull();
    const languages = screen.getByRole("region", { name: "Languages" });
    await user.click(within(languages).getByRole("button", { name: "Show as table" }));
    const table = screen.getByRole("table", { name: "Where each language stands" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "LanguageStateStrings",
      "GermanApproved40",
      "Translated30",
      "Unverified AI10",
      "Missing20",
      "Total100",
      "FrenchApproved0",
      "Translated5",
      "Unverified AI0",
      "Missing95",
      "Total100",
    ]);
    expect(screen.getByRole("list", { name: "Legend" }).textContent).toBe(
      "ApprovedTranslatedUnverified AIMissing",
    );
    await user.click(within(languages).getByRole("button", { name: "Show as bars" }));
    expect(await screen.findByTestId("bar-numbers-de")).toBeTruthy();
  });

  it("shows the progress as a chart or, on request, as a table of percent per day", async () => {
    stubApi(() => DASHBOARD);
    const { user } = setup();
    expect((await screen.findByTestId("line-chart")).textContent).toBe("de,fr");
    const progress = screen.getByRole("region", { name: "Progress, last 90 days" });
    await user.click(within(progress).getByRole("button", { name: "Show as table" }));
    const table = screen.getByRole("table", { name: "Percent translated per day" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["DayGermanFrench", "Nov 2450%–", "Nov 2570%5%"]);
    expect(screen.queryByTestId("line-chart")).toBeNull();
    await user.click(within(progress).getByRole("button", { name: "Show as chart" }));
    expect(await screen.findByTestId("line-chart")).toBeTruthy();
  });

  it("shows this month's words, the top contributors and the open reviews as links", async () => {
    stubApi(() => DASHBOARD);
    setup();
    const words = await screen.findByRole("table", { name: "Words translated in November 2026" });
    expect(
      within(words)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["People1,234", "AI560"]);
    expect(
      within(screen.getByRole("list", { name: "Top contributors" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Ada Lovelace42 strings", "Grace Hopper1 string"]);
    const reviews = screen.getByRole("list", { name: "Open reviews" });
    expect(within(reviews).getByRole("link", { name: "Release 2.0" }).getAttribute("href")).toBe(
      "/app/review/r%201",
    );
    expect(within(reviews).getByRole("progressbar", { name: "Release 2.0: 25% approved" })).toBeTruthy();
    expect(reviews.textContent).toContain("30 of 120 approved · 1 of 2 languages done");
  });

  it("says so when the project has no target languages, without empty charts", async () => {
    stubApi(() => ({ ...DASHBOARD, languages: [], progress: [], reviews: [], contributors: [] }));
    setup();
    expect(await screen.findByText(/This project has no target languages yet/)).toBeTruthy();
    expect(screen.queryByTestId("language-bars")).toBeNull();
    expect(screen.queryByTestId("line-chart")).toBeNull();
    expect(screen.queryByRole("button", { name: "Show as table" })).toBeNull();
    expect(screen.getByText("No open reviews.")).toBeTruthy();
  });

  it("offers Retry when the dashboard fails to load, and shows it after", async () => {
    const calls = stubApi(
      // A 4xx is not retried by the query client, so the error shows at once.
      () => {
        throw refusal(429, "rate_limited", "Too many requests, try again soon");
      },
      () => DASHBOARD,
    );
    const { user } = setup();
    expect(await screen.findByText("Failed to load the dashboard")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("bar-numbers-de")).toBeTruthy();
    expect(calls).toHaveLength(2);
  });
});
