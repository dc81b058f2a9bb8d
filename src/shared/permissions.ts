import { z } from "zod";

/**
 * The one permission table (spec point 6). The server checks it on every call; the web only uses it
 * to hide what the server would refuse. `none` is the fallback for someone with no role in a team.
 */
export const ROLES = ["owner", "admin", "reviewer", "none"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a member can hold (`none` is never stored). */
export const MEMBER_ROLES = ["owner", "admin", "reviewer"] as const satisfies readonly Role[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PERMISSIONS = {
  // Team
  "team.view": ["owner", "admin", "reviewer"],
  "team.edit": ["owner"],
  "team.delete": ["owner"],
  "team.manageRoles": ["owner"],
  "team.manageBilling": ["owner"],
  "team.manageSettings": ["owner"],
  "members.add": ["owner", "admin"],
  "members.remove": ["owner", "admin"],
  // Projects, languages, API keys
  "projects.manage": ["owner", "admin"],
  "projects.manageApiKeys": ["owner"],
  // Webhooks send the project's changes to an address the manager chooses.
  "webhooks.manage": ["owner", "admin"],
  "languages.view": ["owner", "admin", "reviewer"],
  "languages.edit": ["owner", "admin"],
  // Keys and strings
  "keys.manage": ["owner", "admin"],
  "strings.edit": ["owner", "admin", "reviewer"],
  "strings.delete": ["owner", "admin"],
  // Translating a whole language at once rewrites many strings: managed like keys and strings.
  "strings.batchTranslate": ["owner", "admin"],
  // Tone of voice
  "tone.view": ["owner", "admin", "reviewer"],
  "tone.manage": ["owner", "admin"],
  // Glossary: shared by the team's projects; reviewers read it (the editor underlines its terms).
  "glossary.view": ["owner", "admin", "reviewer"],
  "glossary.manage": ["owner", "admin"],
  // Activity (issue 22): reviewers see the projects' string work, owners and admins everything.
  "activity.view": ["owner", "admin", "reviewer"],
  "activity.viewAll": ["owner", "admin"],
  // Usage of the team (AI calls and tokens, keys, strings, seats): what its bill is made of.
  "usage.view": ["owner", "admin"],
  // Reviews
  "reviews.view": ["owner", "admin", "reviewer"],
  "reviews.manage": ["owner", "admin", "reviewer"],
  "reviews.approve": ["owner", "admin", "reviewer"],
  // Comments (issue 21): reviewers may comment; owners and admins delete anyone's.
  "comments.view": ["owner", "admin", "reviewer"],
  "comments.write": ["owner", "admin", "reviewer"],
  "comments.moderate": ["owner", "admin"],
  // Screenshots of keys (issue 21): every member sees them; owners and admins upload and link them.
  "screenshots.view": ["owner", "admin", "reviewer"],
  "screenshots.manage": ["owner", "admin"],
  // Over-the-air releases (issue 37): every member sees them; owners and admins ship them.
  "releases.view": ["owner", "admin", "reviewer"],
  "releases.publish": ["owner", "admin"],
  // Branches (issue 39): everyone works on them; owners and admins start, protect and delete them,
  // and only they merge into a protected branch (or a protected main).
  "branches.view": ["owner", "admin", "reviewer"],
  "branches.manage": ["owner", "admin"],
  "branches.merge": ["owner", "admin", "reviewer"],
  "branches.mergeProtected": ["owner", "admin"],
} as const satisfies Record<string, readonly MemberRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * The roles an invite may give (issue 34). Whoever may add users (spec point 6: admins add admins
 * and reviewers) chooses between these; nobody gives `owner`, which is the team creator's.
 */
export const INVITABLE_ROLES = ["reviewer", "admin"] as const satisfies readonly MemberRole[];

export function canInviteAs(inviter: Role, role: MemberRole): boolean {
  return can(inviter, "members.add") && (INVITABLE_ROLES as readonly MemberRole[]).includes(role);
}

/** A stored member role as the table knows it; anything else (or no membership) has no rights. */
export function toRole(stored: string | null | undefined): Role {
  return (MEMBER_ROLES as readonly string[]).includes(stored ?? "") ? (stored as MemberRole) : "none";
}

/** The UI permission flags of spec point 6, derived from the table above. */
export function permissionFlags(role: Role) {
  return {
    canManageProjects: can(role, "projects.manage"),
    canManageKeys: can(role, "keys.manage"),
    canEditLanguages: can(role, "languages.edit"),
    canAddUsers: can(role, "members.add"),
    canRemoveUsers: can(role, "members.remove"),
    canEditTeamInfo: can(role, "team.edit"),
    canManageTeam: can(role, "team.delete"),
    canManageRoles: can(role, "team.manageRoles"),
    canManageAPIKeys: can(role, "projects.manageApiKeys"),
    canManageWebhooks: can(role, "webhooks.manage"),
    canEditTone: can(role, "tone.manage"),
    canManageGlossary: can(role, "glossary.manage"),
    canDeleteTranslations: can(role, "strings.delete"),
    canBatchTranslate: can(role, "strings.batchTranslate"),
    canManageScreenshots: can(role, "screenshots.manage"),
    isAdmin: role === "owner" || role === "admin",
  };
}
export type PermissionFlags = ReturnType<typeof permissionFlags>;
