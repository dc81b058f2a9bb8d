import type { TeamSummary } from "../../../shared/schemas/teams.ts";

/**
 * The team that onboarding step 4 (/choose-plan) buys a plan for: the newest team the user owns,
 * which is the one step 3 has just created; else (someone who only joined teams) the first by name.
 */
export function onboardingTeam(teams: readonly TeamSummary[]): TeamSummary | null {
  let newest: TeamSummary | null = null;
  for (const team of teams) {
    if (team.role !== "owner") continue;
    if (!newest || Date.parse(team.createdAt) > Date.parse(newest.createdAt)) newest = team;
  }
  return newest ?? teams[0] ?? null;
}
