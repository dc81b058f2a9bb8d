import { z } from "zod";
import {
  createInviteBodySchema,
  createTeamBodySchema,
  joinedTeamsSchema,
  teamInviteListSchema,
  teamInviteSchema,
  teamListSchema,
  teamMemberListSchema,
  teamMemberSchema,
  teamSummarySchema,
  updateMemberRoleBodySchema,
  updateTeamBodySchema,
} from "../schemas/teams.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf } from "./route.ts";

const teams = endpoint.route({ tags: ["Teams"] });
const teamMembers = endpoint.route({ tags: ["Team members"] });
const inTeam = z.object({ params: pathParams("teamId") });
/** Routes without a path parameter can only fail on the session (and the body, if any). */
const signedIn = { unauthorized: errorsOf[401] } as const;

/**
 * Teams, their members and invites. Every route under a team answers 404 to a non-member and 403 to
 * a member whose role may not do it; a team id that is not an id is 400 before any of that.
 */
export const teamsContract = {
  list: teams
    .route({ method: "GET", path: "/teams", summary: "The signed-in user's teams, sorted by name" })
    .errors(signedIn)
    .output(teamListSchema),
  create: teams
    .route({
      method: "POST",
      path: "/teams",
      successStatus: 201,
      successDescription: "Created",
      summary: "Create a team; its creator becomes the owner",
    })
    .errors({ bad_request: errorsOf[400], ...signedIn })
    .input(z.object({ body: createTeamBodySchema }))
    .output(teamSummarySchema),
  update: teams
    .route({ method: "PATCH", path: "/teams/{teamId}", summary: "Rename the team (owner only)" })
    .errors(changing)
    .input(inTeam.extend({ body: updateTeamBodySchema }))
    .output(teamSummarySchema),
  remove: teams
    .route({
      method: "DELETE",
      path: "/teams/{teamId}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete the team with its projects, keys and strings (owner only)",
    })
    .errors(changing)
    .input(inTeam),
  listMembers: teamMembers
    .route({
      method: "GET",
      path: "/teams/{teamId}/members",
      summary: "The team's members: owner first, then admins, then by full name",
    })
    .errors(changing)
    .input(inTeam)
    .output(teamMemberListSchema),
  updateMemberRole: teamMembers
    .route({
      method: "PATCH",
      path: "/teams/{teamId}/members/{memberId}",
      summary: "Make a member admin or reviewer (owner only; the owner's own role never changes)",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("teamId", "memberId"), body: updateMemberRoleBodySchema }))
    .output(teamMemberSchema),
  removeMember: teamMembers
    .route({
      method: "DELETE",
      path: "/teams/{teamId}/members/{memberId}",
      successStatus: 204,
      successDescription: "Removed",
      summary: "Remove a member (owner and admins; the owner cannot be removed)",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("teamId", "memberId") })),
  listInvites: teamMembers
    .route({
      method: "GET",
      path: "/teams/{teamId}/invites",
      summary: "The team's pending invites, newest first",
    })
    .errors(changing)
    .input(inTeam)
    .output(teamInviteListSchema),
  invite: teamMembers
    .route({
      method: "POST",
      path: "/teams/{teamId}/invites",
      successStatus: 201,
      successDescription: "Invited",
      summary: "Invite an e-mail address (owner and admins); the address gets a sign-in link",
      description:
        "Signing in with the address joins the team with the invite's role: `role` admin or reviewer " +
        "(default reviewer); 400 'Role must be admin or reviewer' for anything else, 403 for owner, " +
        "which no invite gives. 409 'User is already a team member' or " +
        "'User already has a pending invite'; 500 'Failed to send invite. Please try again.' when the " +
        "e-mail could not be sent (no invite is kept then). 429 past the invite limits: per user an hour, " +
        "per team a day, and per address a day from one team (an invite and delete loop mails it no more).",
    })
    .errors({
      ...changing,
      conflict: { status: 409, message: "Already a member, or already invited" },
      rate_limited: errorsOf[429],
    })
    .input(inTeam.extend({ body: createInviteBodySchema }))
    .output(teamInviteSchema),
  removeInvite: teamMembers
    .route({
      method: "DELETE",
      path: "/teams/{teamId}/invites/{inviteId}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a pending invite (owner and admins)",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("teamId", "inviteId") })),
  acceptInvites: teamMembers
    .route({
      method: "POST",
      path: "/invites/accept",
      summary: "The invite check: join the teams that invited your address, and hear which you joined",
      description:
        "Invites are accepted when a code is verified; this also accepts any sent since. Each team " +
        "joined by invite is answered once ('You joined {team}').",
    })
    .errors(signedIn)
    .output(joinedTeamsSchema),
};
