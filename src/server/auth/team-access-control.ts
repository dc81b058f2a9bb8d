import { createAccessControl } from "better-auth/plugins/access";
import { can, MEMBER_ROLES, type MemberRole, type Permission } from "../../shared/permissions.ts";

/**
 * better-auth's organization plugin checks its own endpoints (invite, remove member, update team)
 * against statements of its own. They are derived here from the one permission table, so a role
 * change in `permissions.ts` changes both.
 */
const statements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
} as const;

type Statements = typeof statements;
type Grant = { [K in keyof Statements]: Statements[K][number][] };

const source: { [K in keyof Statements]: Record<Statements[K][number], Permission> } = {
  organization: { update: "team.edit", delete: "team.delete" },
  member: { create: "members.add", update: "team.manageRoles", delete: "members.remove" },
  invitation: { create: "members.add", cancel: "members.remove" },
};

function grantFor(role: MemberRole): Grant {
  const grant = {} as Grant;
  for (const resource of Object.keys(source) as (keyof Statements)[]) {
    const actions = Object.entries(source[resource]) as [string, Permission][];
    (grant as Record<string, string[]>)[resource] = actions
      .filter(([, permission]) => can(role, permission))
      .map(([action]) => action);
  }
  return grant;
}

const ac = createAccessControl(statements);

export const teamAccessControl = {
  ac,
  roles: Object.fromEntries(MEMBER_ROLES.map((role) => [role, ac.newRole(grantFor(role))])) as Record<
    MemberRole,
    ReturnType<typeof ac.newRole<Grant>>
  >,
};
