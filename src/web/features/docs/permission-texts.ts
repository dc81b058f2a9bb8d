import {
  can,
  MEMBER_ROLES,
  type MemberRole,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
} from "../../../shared/permissions.ts";

/**
 * The roles and permissions as the documentation says them, derived from `src/shared/permissions.ts`
 * so the docs cannot drift from what the server enforces.
 */

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Owner",
  admin: "Admin",
  reviewer: "Reviewer",
};

/** What each permission of `src/shared/permissions.ts` lets someone do, in the app's words. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  "team.view": "See the team, its members, pending invites and projects",
  "team.edit": "Rename the team (Edit Team)",
  "team.delete": "Delete the team with all its projects",
  "team.manageRoles": "Switch a member between Admin and Reviewer",
  "team.manageBilling": "Choose, buy and manage the team's plan and billing",
  "team.manageSettings": "Change team-level settings",
  "members.add": "Invite people to the team",
  "members.remove": "Remove members (never the owner) and withdraw invites",
  "projects.manage": "Create, rename and delete projects; set a project's placeholder format",
  "projects.manageApiKeys": "Create and revoke project API keys (Project Settings → API Access)",
  "webhooks.manage": "Create, change, test and delete project webhooks (Project Settings → Webhooks)",
  "languages.view": "See a project's languages, keys and strings",
  "languages.edit": "Add, reorder and remove a project's languages",
  "keys.manage": "Add, rename and delete keys; import and export files",
  "strings.edit": "Edit strings; translate one string with AI; writing assistant and translation memory",
  "strings.delete": "Delete all translations of a language",
  "strings.batchTranslate": "Translate every missing string of a language at once (batch)",
  "tone.view": "Read the team's tone of voice",
  "tone.manage": "Edit product context, brand tone and tone sections",
  "glossary.view": "Read the team's glossary (and see its terms underlined in the editor)",
  "glossary.manage": "Add, edit and delete glossary terms; import and export the glossary as CSV",
  "activity.view": "See the Activity tab: the string work of the team's projects (edits, imports, reviews)",
  "activity.viewAll": "See all of the team's activity, also members, API keys, tone and glossary edits",
  "usage.view": "See the team's usage: AI calls, tokens and characters this month, keys, strings and seats",
  "reviews.view": "See reviews and the approvals in the Overview",
  "reviews.manage": "Create, edit and delete reviews; add and remove keys; mark languages done; re-open",
  "reviews.approve": "Approve a translation or mark it as needing changes",
  "comments.view": "Read the comment threads on translations",
  "comments.write": "Comment (mentioning teammates), edit or delete your own comments, resolve threads",
  "comments.moderate": "Delete anyone's comment",
  "screenshots.view": "See the screenshots of keys in the editor and in reviews",
  "screenshots.manage": "Upload and delete screenshots, link them to keys with a rectangle per key",
  "releases.view": "See the project's over-the-air releases, their environments and downloads",
  "releases.publish":
    "Publish releases, roll an environment back, choose whether a completed review publishes one",
  "branches.view": "See the project's branches, read and edit their strings, compare a branch with its base",
  "branches.manage": "Start, protect and delete branches; protect main",
  "branches.merge": "Merge a branch into a base that is not protected, resolving its conflicts",
  "branches.mergeProtected": "Merge into a protected branch or a protected main",
};

export interface RoleRow {
  permission: Permission;
  description: string;
  /** Role → allowed, in MEMBER_ROLES order. */
  allowed: Record<MemberRole, boolean>;
}

/** One row per permission, in the table's own order, with a yes/no per member role. */
export function roleTableRows(): RoleRow[] {
  return PERMISSION_NAMES.map((permission) => ({
    permission,
    description: PERMISSION_DESCRIPTIONS[permission],
    allowed: Object.fromEntries(MEMBER_ROLES.map((role) => [role, can(role, permission)])) as Record<
      MemberRole,
      boolean
    >,
  }));
}

const ROLE_IN_A_SENTENCE: Record<MemberRole, string> = {
  owner: "the owner",
  admin: "admins",
  reviewer: "reviewers",
};

/** Who holds a permission, in words: "the owner and admins", "the owner only", "every member". */
export function rolesWith(permission: Permission): string {
  const roles = PERMISSIONS[permission] as readonly MemberRole[];
  if (roles.length === MEMBER_ROLES.length) return "every member of the team";
  const names = roles.map((role) => ROLE_IN_A_SENTENCE[role]);
  if (names.length === 1) return `${names[0]} only`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
