import type { TeamInvite, TeamMember } from "../../../shared/schemas/teams.ts";

/** Spec point 9: the 'Invite team members' prompt shows while there are no invites and under 3 members. */
export const INVITE_PROMPT_BELOW_MEMBERS = 3;

const normalize = (query: string) => query.trim().toLowerCase();

/** 'Search members...': members whose full name or e-mail contains the query (case-insensitive). */
export function filterMembers(members: TeamMember[], query: string): TeamMember[] {
  const q = normalize(query);
  if (q === "") return members;
  return members.filter((m) => m.name.toLowerCase().includes(q) || m.email.toLowerCase().includes(q));
}

/** The same search over invites: by e-mail. */
export function filterInvites(invites: TeamInvite[], query: string): TeamInvite[] {
  const q = normalize(query);
  if (q === "") return invites;
  return invites.filter((i) => i.email.toLowerCase().includes(q));
}

/** Counted on the whole lists, whatever the search shows. */
export function showInvitePrompt(memberCount: number, inviteCount: number): boolean {
  return inviteCount === 0 && memberCount < INVITE_PROMPT_BELOW_MEMBERS;
}

/** The name a member is shown by: their full name, else their e-mail (no profile saved yet). */
export function memberLabel(member: Pick<TeamMember, "name" | "email">): string {
  return member.name.trim() !== "" ? member.name : member.email;
}

/** Spec point 4: after deleting a team, the first remaining team by name (teams come sorted by name). */
export function firstRemainingTeam<T extends { id: string }>(teams: T[], deletedId: string): T | null {
  return teams.find((team) => team.id !== deletedId) ?? null;
}
