import { mutationOptions } from "@tanstack/react-query";
import { type JoinedTeams, joinedTeamsSchema } from "../../../../shared/schemas/teams.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * POST /api/invites/accept, the invite check: joins the teams that invited the user's address and
 * answers the teams joined by invite that the user has not been told about yet (each once).
 */
export function acceptInvites(): Promise<JoinedTeams> {
  return apiRequest("/api/invites/accept", joinedTeamsSchema, { method: "POST" });
}

export function acceptInvitesMutationOptions() {
  return mutationOptions({ mutationKey: ["invites", "accept"], mutationFn: acceptInvites });
}
