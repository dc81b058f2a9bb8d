import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../../shared/permissions.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import type { TeamUsage as Usage } from "../../../../shared/schemas/usage.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { monthLabel, TeamUsage } from "./team-usage.tsx";

const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const USAGE: Usage = {
  month: "2026-11-01",
  ai: {
    calls: 1234,
    inputTokens: 600_000,
    outputTokens: 150_000,
    characters: 98_765,
    tokenLimit: 1_000_000,
    tokensLeft: 250_000,
  },
  keys: 250_000,
  strings: 2_400_000,
  seats: 7,
};

/** Team t1's usage, as `answer` says (another team is not found). */
function stubUsage(answer: () => Usage) {
  return mockApi({
    usage: {
      team: ({ params }) => {
        if (params.teamId !== "t1") throw refusal(404, "not_found", "No such API endpoint");
        return answer();
      },
    },
  });
}

function setup(selected: TeamSummary | null) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={client}>
      <TeamUsage team={selected} />
    </QueryClientProvider>,
  );
}

const section = () => within(screen.getByRole("region", { name: "Usage" }));

/** The value shown for a label in one of the titled groups of figures. */
function figure(group: string, label: string) {
  const terms = [...section().getByRole("region", { name: group }).querySelectorAll("dt")];
  return terms.find((node) => node.textContent === label)?.nextElementSibling?.textContent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Usage on the Team screen", () => {
  it("shows the month's AI use, the token limit as a bar, and the team's keys, strings and seats", async () => {
    stubUsage(() => USAGE);
    setup(team("owner"));
    expect(await section().findByRole("heading", { name: "AI in November 2026" })).toBeTruthy();
    expect(figure("AI in November 2026", "AI calls")).toBe("1,234");
    expect(figure("AI in November 2026", "Input tokens")).toBe("600,000");
    expect(figure("AI in November 2026", "Output tokens")).toBe("150,000");
    expect(figure("AI in November 2026", "Characters translated")).toBe("98,765");
    expect(figure("All projects", "Keys")).toBe("250,000");
    expect(figure("All projects", "Strings")).toBe("2,400,000");
    expect(figure("All projects", "Seats")).toBe("7");
    const bar = section().getByRole("progressbar", { name: "AI tokens used in November 2026" });
    expect(bar.getAttribute("aria-valuenow")).toBe("75");
    expect(section().getByText("750,000 of 1,000,000 AI tokens used (250,000 left).")).toBeTruthy();
  });

  it("says when the month's tokens are used up, and shows no bar without a limit", async () => {
    stubUsage(() => ({ ...USAGE, ai: { ...USAGE.ai, inputTokens: 900_000, tokensLeft: 0 } }));
    setup(team("admin"));
    expect(
      await section().findByText(
        "All 1,000,000 AI tokens of November 2026 are used: AI translation is paused until next month.",
      ),
    ).toBeTruthy();
    expect(section().getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    cleanup();

    stubUsage(() => ({ ...USAGE, ai: { ...USAGE.ai, tokenLimit: null, tokensLeft: null } }));
    setup(team("owner"));
    expect(await section().findByRole("heading", { name: "AI in November 2026" })).toBeTruthy();
    expect(section().queryByRole("progressbar")).toBeNull();
  });

  it("is not there for reviewers (nor asked for), nor without a team", () => {
    const calls = stubUsage(() => USAGE);
    setup(team("reviewer"));
    expect(screen.queryByRole("region", { name: "Usage" })).toBeNull();
    cleanup();
    setup(null);
    expect(screen.queryByRole("region", { name: "Usage" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when the usage cannot be loaded", async () => {
    stubUsage(() => {
      throw refusal(500, "internal", "Something went wrong");
    });
    setup(team("owner"));
    expect((await section().findByRole("alert")).textContent).toBe("Something went wrong");
  });

  it("names the month in English, in UTC", () => {
    expect(monthLabel("2026-01-01")).toBe("January 2026");
    expect(monthLabel("2026-12-01")).toBe("December 2026");
  });
});
