import { teamsContract } from "../../shared/contract/teams.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { InviteService } from "./invite-service.ts";
import type { MemberService } from "./member-service.ts";
import type { TeamService } from "./service.ts";

/** Teams, members and invites, as `teamsContract` declares them; the services check each permission. */
export function teamRoutes(teams: TeamService, members: MemberService, invites: InviteService) {
  return contractRoutes(teamsContract, {
    list: async (_input, c) => ({ teams: await teams.list(c.var.user.id) }),
    create: ({ body }, c) => teams.create(c.var.user, body),
    update: ({ params, body }, c) => teams.rename(c.var.user.id, params.teamId, body),
    remove: ({ params }, c) => teams.remove(c.var.user.id, params.teamId),
    listMembers: async ({ params }, c) => ({ members: await members.list(c.var.user.id, params.teamId) }),
    updateMemberRole: ({ params, body }, c) =>
      members.updateRole(c.var.user.id, params.teamId, params.memberId, body),
    removeMember: ({ params }, c) => members.remove(c.var.user.id, params.teamId, params.memberId),
    listInvites: async ({ params }, c) => ({ invites: await invites.list(c.var.user.id, params.teamId) }),
    invite: ({ params, body }, c) => invites.create(c.var.user, params.teamId, body),
    removeInvite: ({ params }, c) => invites.remove(c.var.user.id, params.teamId, params.inviteId),
    acceptInvites: (_input, c) => invites.claimJoined(c.var.user),
  });
}
