import { z } from "zod";
import { roleSchema } from "../permissions.ts";
import { emailSchema } from "./email.ts";

export const teamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamListSchema = z.object({ teams: z.array(teamSummarySchema) });

const teamName = z.string({ error: "Team name is required" }).trim().min(1, "Team name is required").max(100);

/** Spec point 5: team name required. */
export const createTeamBodySchema = z.object({ name: teamName });
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;

/** Edit Team: rename (spec point 5: name required). */
export const updateTeamBodySchema = z.object({ name: teamName });
export type UpdateTeamBody = z.infer<typeof updateTeamBodySchema>;

/** The roles a member can hold; the owner is whoever created the team and cannot be given or taken. */
export const memberRoleSchema = z.enum(["owner", "admin", "reviewer"]);
export type TeamMemberRole = z.infer<typeof memberRoleSchema>;

/** What the owner can switch another member between (spec point 4). */
export const ASSIGNABLE_ROLES = ["admin", "reviewer"] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: "Role must be admin or reviewer" });
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

export const teamMemberSchema = z.object({
  /** The membership's id (what the role and remove routes take). */
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  /** First and last name from the profile; empty when the person has not saved a profile yet. */
  name: z.string(),
  role: memberRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Owner first, then admins, then reviewers; by full name within each. */
export const teamMemberListSchema = z.object({ members: z.array(teamMemberSchema) });

export const updateMemberRoleBodySchema = z.object({ role: assignableRoleSchema });
export type UpdateMemberRoleBody = z.infer<typeof updateMemberRoleBodySchema>;

/** Spec point 5: the invite form wants a simple x@y.z address. */
export const inviteEmailSchema = emailSchema;

/**
 * The role an invite gives (issue 34). `owner` is a role the schema knows but nobody may give (the
 * server answers 403, see `canInviteAs`); anything else is not a role (400).
 */
export const inviteRoleSchema = z.enum(["owner", ...ASSIGNABLE_ROLES], {
  error: "Role must be admin or reviewer",
});

/** Spec point 5's address, and the role the invite gives: reviewer unless the inviter chooses. */
export const createInviteBodySchema = z.object({
  email: inviteEmailSchema,
  role: inviteRoleSchema.default("reviewer"),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;

/** Spec point 3 UserInvites: id, email, team_id, created_at. */
export const teamInviteSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  email: z.string(),
  /** What joining by this invite makes them. */
  role: assignableRoleSchema,
  createdAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** Pending invites, newest first. */
export const teamInviteListSchema = z.object({ invites: z.array(teamInviteSchema) });

/** Spec point 5's invite errors (409), the failed mail (500) and the role nobody gives (403). */
export const INVITE_ERRORS = {
  alreadyMember: "User is already a team member",
  alreadyInvited: "User already has a pending invite",
  sendFailed: "Failed to send invite. Please try again.",
  ownerRole: "An invite can make someone an admin or a reviewer, not the owner",
} as const;

/**
 * The invite check: the teams the caller joined through invites that have not been announced yet
 * ('You joined {team}'). Each join is answered once.
 */
export const joinedTeamsSchema = z.object({
  joined: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type JoinedTeams = z.infer<typeof joinedTeamsSchema>;
