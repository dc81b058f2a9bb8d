import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
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
} from "../../shared/schemas/teams.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";
import { jsonBody } from "../http/validate.ts";
import type { InviteService } from "./invite-service.ts";
import type { MemberService } from "./member-service.ts";
import type { TeamService } from "./service.ts";

const guarded = { 400: problems[400], 401: problems[401], 403: problems[403], 404: problems[404] };
const conflict = { description: "Already a member, or already invited", content: problems[400].content };

export function teamRoutes(teams: TeamService, members: MemberService, invites: InviteService) {
  return new Hono<AppEnv>()
    .get(
      "/teams",
      describeRoute({
        tags: ["Teams"],
        summary: "The signed-in user's teams, sorted by name",
        responses: { 200: ok(teamListSchema), 401: problems[401] },
      }),
      async (c) => c.json({ teams: await teams.list(c.var.user.id) }),
    )
    .post(
      "/teams",
      describeRoute({
        tags: ["Teams"],
        summary: "Create a team; its creator becomes the owner",
        responses: { 201: ok(teamSummarySchema, "Created"), 400: problems[400], 401: problems[401] },
      }),
      jsonBody(createTeamBodySchema),
      async (c) => c.json(await teams.create(c.var.user, c.req.valid("json")), 201),
    )
    .patch(
      "/teams/:teamId",
      describeRoute({
        tags: ["Teams"],
        summary: "Rename the team (owner only)",
        responses: { 200: ok(teamSummarySchema), ...guarded },
      }),
      jsonBody(updateTeamBodySchema),
      async (c) => c.json(await teams.rename(c.var.user.id, c.req.param("teamId"), c.req.valid("json"))),
    )
    .delete(
      "/teams/:teamId",
      describeRoute({
        tags: ["Teams"],
        summary: "Delete the team with its projects, keys and strings (owner only)",
        responses: { 204: { description: "Deleted" }, ...guarded },
      }),
      async (c) => {
        await teams.remove(c.var.user.id, c.req.param("teamId"));
        return c.body(null, 204);
      },
    )
    .get(
      "/teams/:teamId/members",
      describeRoute({
        tags: ["Team members"],
        summary: "The team's members: owner first, then admins, then by full name",
        responses: { 200: ok(teamMemberListSchema), ...guarded },
      }),
      async (c) => c.json({ members: await members.list(c.var.user.id, c.req.param("teamId")) }),
    )
    .patch(
      "/teams/:teamId/members/:memberId",
      describeRoute({
        tags: ["Team members"],
        summary: "Make a member admin or reviewer (owner only; the owner's own role never changes)",
        responses: { 200: ok(teamMemberSchema), ...guarded },
      }),
      jsonBody(updateMemberRoleBodySchema),
      async (c) =>
        c.json(
          await members.updateRole(
            c.var.user.id,
            c.req.param("teamId"),
            c.req.param("memberId"),
            c.req.valid("json"),
          ),
        ),
    )
    .delete(
      "/teams/:teamId/members/:memberId",
      describeRoute({
        tags: ["Team members"],
        summary: "Remove a member (owner and admins; the owner cannot be removed)",
        responses: { 204: { description: "Removed" }, ...guarded },
      }),
      async (c) => {
        await members.remove(c.var.user.id, c.req.param("teamId"), c.req.param("memberId"));
        return c.body(null, 204);
      },
    )
    .get(
      "/teams/:teamId/invites",
      describeRoute({
        tags: ["Team members"],
        summary: "The team's pending invites, newest first",
        responses: { 200: ok(teamInviteListSchema), ...guarded },
      }),
      async (c) => c.json({ invites: await invites.list(c.var.user.id, c.req.param("teamId")) }),
    )
    .post(
      "/teams/:teamId/invites",
      describeRoute({
        tags: ["Team members"],
        summary: "Invite an e-mail address (owner and admins); the address gets a sign-in link",
        description:
          "Signing in with the address joins the team as reviewer. 409 'User is already a team member' or " +
          "'User already has a pending invite'; 500 'Failed to send invite. Please try again.' when the " +
          "e-mail could not be sent (no invite is kept then). 429 past the invite limits: per user an hour, " +
          "per team a day, and per address a day from one team (an invite and delete loop mails it no more).",
        responses: { 201: ok(teamInviteSchema, "Invited"), ...guarded, 409: conflict, 429: problems[429] },
      }),
      jsonBody(createInviteBodySchema),
      async (c) => c.json(await invites.create(c.var.user, c.req.param("teamId"), c.req.valid("json")), 201),
    )
    .delete(
      "/teams/:teamId/invites/:inviteId",
      describeRoute({
        tags: ["Team members"],
        summary: "Delete a pending invite (owner and admins)",
        responses: { 204: { description: "Deleted" }, ...guarded },
      }),
      async (c) => {
        await invites.remove(c.var.user.id, c.req.param("teamId"), c.req.param("inviteId"));
        return c.body(null, 204);
      },
    )
    .post(
      "/invites/accept",
      describeRoute({
        tags: ["Team members"],
        summary: "The invite check: join the teams that invited your address, and hear which you joined",
        description:
          "Invites are accepted when a code is verified; this also accepts any sent since. Each team " +
          "joined by invite is answered once ('You joined {team}').",
        responses: { 200: ok(joinedTeamsSchema), 401: problems[401] },
      }),
      async (c) => c.json(await invites.claimJoined(c.var.user)),
    );
}
