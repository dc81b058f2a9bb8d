import type { Selectable } from "kysely";
import { type Role, toRole } from "../../shared/permissions.ts";
import type {
  JoinedTeams,
  TeamInvite,
  TeamMember,
  TeamMemberRole,
  TeamSummary,
} from "../../shared/schemas/teams.ts";
import type { TeamsTable } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import type { InviteRow, MemberRow, UserTeamRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/teams.ts): no raw row leaves the server. */

/**
 * People read "acme" before "Zeta". Servers disagree (the embedded one sorts by code point, another
 * PostgreSQL server by its locale), so names are ordered here, the same way everywhere.
 */
const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

const RANK: Record<TeamMemberRole, number> = { owner: 0, admin: 1, reviewer: 2 };

const asMemberRole = (stored: string): TeamMemberRole =>
  stored === "owner" || stored === "admin" ? stored : "reviewer";

function sortByName<T extends { name: string }>(teams: T[]): T[] {
  return teams.sort((a, b) => byName.compare(a.name, b.name));
}

export function presentTeam(
  row: Pick<Selectable<TeamsTable>, "id" | "name" | "created_at">,
  role: Role,
): TeamSummary {
  return { id: row.id, name: row.name, role, createdAt: isoDate(row.created_at) };
}

/** The user's teams sorted by name (spec: the picker lists teams by name). */
export function presentUserTeams(rows: UserTeamRow[]): TeamSummary[] {
  return sortByName(rows).map((row) => presentTeam(row, toRole(row.role)));
}

export function presentMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: asMemberRole(row.role),
    joinedAt: isoDate(row.created_at),
  };
}

/** Owner first, then admins, then reviewers; by full name (the e-mail when there is none) within each. */
export function sortMembers(members: TeamMember[]): TeamMember[] {
  return [...members].sort(
    (a, b) =>
      RANK[a.role] - RANK[b.role] ||
      byName.compare(a.name || a.email, b.name || b.email) ||
      byName.compare(a.email, b.email),
  );
}

export function presentInvite(row: InviteRow): TeamInvite {
  return {
    id: row.id,
    teamId: row.team_id,
    email: row.email,
    // The column allows only these two (migration 0032).
    role: row.role === "admin" ? "admin" : "reviewer",
    createdAt: isoDate(row.created_at),
  };
}

export function presentJoinedTeams(teams: { id: string; name: string }[]): JoinedTeams {
  return { joined: sortByName(teams) };
}
