import { describe, expect, it } from "vitest";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { onboardingTeam } from "./onboarding-team.ts";

const team = (id: string, role: TeamSummary["role"], createdAt: string): TeamSummary => ({
  id,
  name: id,
  role,
  createdAt,
});

describe("onboardingTeam", () => {
  it("picks the newest team the user owns", () => {
    const teams = [
      team("a", "owner", "2026-01-01T00:00:00.000Z"),
      team("b", "admin", "2026-03-01T00:00:00.000Z"),
      team("c", "owner", "2026-02-01T00:00:00.000Z"),
    ];
    expect(onboardingTeam(teams)?.id).toBe("c");
  });

  it("falls back to the first team, or none", () => {
    expect(onboardingTeam([team("b", "reviewer", "2026-03-01T00:00:00.000Z")])?.id).toBe("b");
    expect(onboardingTeam([])).toBeNull();
  });
});
