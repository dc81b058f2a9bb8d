import type { Me } from "../../shared/schemas/auth.ts";
import type { ProfileService } from "../profiles/service.ts";
import type { TeamService } from "../teams/service.ts";
import type { SessionUser } from "./service.ts";

/** Who is signed in, with what onboarding needs to route them (profile? team?). */
export function createMeService(deps: { profiles: ProfileService; teams: TeamService }) {
  return {
    async load(user: SessionUser): Promise<Me> {
      const [profile, teams] = await Promise.all([deps.profiles.find(user.id), deps.teams.list(user.id)]);
      return { user: { id: user.id, email: user.email }, profile, teams };
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;
