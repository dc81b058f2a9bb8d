import type { JoinedTeams } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";

/**
 * The invite check: joins the teams that invited the user's address and answers the teams joined by
 * invite that the user has not been told about yet (each once).
 */
export function acceptInvites(): Promise<JoinedTeams> {
  return api.teams.acceptInvites();
}
