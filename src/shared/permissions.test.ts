import { describe, expect, it } from "vitest";
import {
  can,
  canInviteAs,
  PERMISSION_NAMES,
  type Permission,
  permissionFlags,
  type Role,
  toRole,
} from "./permissions.ts";

/**
 * Spec point 6, written out row by row as the expected answer for every role. A change to the
 * table in permissions.ts must change this too, on purpose.
 */
const expected: Record<Permission, Record<Exclude<Role, "none">, boolean>> = {
  "team.view": { owner: true, admin: true, reviewer: true },
  "team.edit": { owner: true, admin: false, reviewer: false },
  "team.delete": { owner: true, admin: false, reviewer: false },
  "team.manageRoles": { owner: true, admin: false, reviewer: false },
  "team.manageBilling": { owner: true, admin: false, reviewer: false },
  "team.manageSettings": { owner: true, admin: false, reviewer: false },
  "members.add": { owner: true, admin: true, reviewer: false },
  "members.remove": { owner: true, admin: true, reviewer: false },
  "projects.manage": { owner: true, admin: true, reviewer: false },
  "projects.manageApiKeys": { owner: true, admin: false, reviewer: false },
  "webhooks.manage": { owner: true, admin: true, reviewer: false },
  "languages.view": { owner: true, admin: true, reviewer: true },
  "languages.edit": { owner: true, admin: true, reviewer: false },
  "keys.manage": { owner: true, admin: true, reviewer: false },
  "strings.edit": { owner: true, admin: true, reviewer: true },
  "strings.delete": { owner: true, admin: true, reviewer: false },
  "strings.batchTranslate": { owner: true, admin: true, reviewer: false },
  "tone.view": { owner: true, admin: true, reviewer: true },
  "tone.manage": { owner: true, admin: true, reviewer: false },
  "glossary.view": { owner: true, admin: true, reviewer: true },
  "glossary.manage": { owner: true, admin: true, reviewer: false },
  "activity.view": { owner: true, admin: true, reviewer: true },
  "activity.viewAll": { owner: true, admin: true, reviewer: false },
  "usage.view": { owner: true, admin: true, reviewer: false },
  "reviews.view": { owner: true, admin: true, reviewer: true },
  "reviews.manage": { owner: true, admin: true, reviewer: true },
  "reviews.approve": { owner: true, admin: true, reviewer: true },
  "comments.view": { owner: true, admin: true, reviewer: true },
  "comments.write": { owner: true, admin: true, reviewer: true },
  "comments.moderate": { owner: true, admin: true, reviewer: false },
  "screenshots.view": { owner: true, admin: true, reviewer: true },
  "screenshots.manage": { owner: true, admin: true, reviewer: false },
  "releases.view": { owner: true, admin: true, reviewer: true },
  "releases.publish": { owner: true, admin: true, reviewer: false },
  "branches.view": { owner: true, admin: true, reviewer: true },
  "branches.manage": { owner: true, admin: true, reviewer: false },
  "branches.merge": { owner: true, admin: true, reviewer: true },
  "branches.mergeProtected": { owner: true, admin: true, reviewer: false },
};

describe("permission table", () => {
  it("lists exactly the permissions this test knows", () => {
    expect([...PERMISSION_NAMES].sort()).toEqual(Object.keys(expected).sort());
  });

  for (const permission of Object.keys(expected) as Permission[]) {
    it(`${permission}`, () => {
      for (const role of ["owner", "admin", "reviewer"] as const) {
        expect(can(role, permission), `${role} ${permission}`).toBe(expected[permission][role]);
      }
      expect(can("none", permission), `none ${permission}`).toBe(false);
    });
  }

  it("gives the owner everything", () => {
    expect(PERMISSION_NAMES.every((p) => can("owner", p))).toBe(true);
  });
});

describe("toRole", () => {
  it("keeps stored member roles and falls back to no rights", () => {
    expect(toRole("owner")).toBe("owner");
    expect(toRole("admin")).toBe("admin");
    expect(toRole("reviewer")).toBe("reviewer");
    expect(toRole("member")).toBe("none");
    expect(toRole(undefined)).toBe("none");
    expect(toRole(null)).toBe("none");
  });
});

describe("UI permission flags", () => {
  it("owner", () => {
    expect(permissionFlags("owner")).toEqual({
      canManageProjects: true,
      canManageKeys: true,
      canEditLanguages: true,
      canAddUsers: true,
      canRemoveUsers: true,
      canEditTeamInfo: true,
      canManageTeam: true,
      canManageRoles: true,
      canManageAPIKeys: true,
      canManageWebhooks: true,
      canEditTone: true,
      canManageGlossary: true,
      canDeleteTranslations: true,
      canBatchTranslate: true,
      canManageScreenshots: true,
      isAdmin: true,
    });
  });

  it("admin: manages content, members and webhooks, not the team, roles or API keys", () => {
    expect(permissionFlags("admin")).toEqual({
      canManageProjects: true,
      canManageKeys: true,
      canEditLanguages: true,
      canAddUsers: true,
      canRemoveUsers: true,
      canEditTeamInfo: false,
      canManageTeam: false,
      canManageRoles: false,
      canManageAPIKeys: false,
      canManageWebhooks: true,
      canEditTone: true,
      canManageGlossary: true,
      canDeleteTranslations: true,
      canBatchTranslate: true,
      canManageScreenshots: true,
      isAdmin: true,
    });
  });

  it("reviewer: edits strings and reviews only", () => {
    expect(permissionFlags("reviewer")).toEqual({
      canManageProjects: false,
      canManageKeys: false,
      canEditLanguages: false,
      canAddUsers: false,
      canRemoveUsers: false,
      canEditTeamInfo: false,
      canManageTeam: false,
      canManageRoles: false,
      canManageAPIKeys: false,
      canManageWebhooks: false,
      canEditTone: false,
      canManageGlossary: false,
      canDeleteTranslations: false,
      canBatchTranslate: false,
      canManageScreenshots: false,
      isAdmin: false,
    });
  });

  it("none: no rights at all", () => {
    expect(Object.values(permissionFlags("none")).every((flag) => flag === false)).toBe(true);
  });
});

describe("the roles an invite may give (issue 34)", () => {
  it("owner and admins give admin or reviewer; nobody gives owner; reviewers invite nobody", () => {
    const table = (["owner", "admin", "reviewer", "none"] as const).map((inviter) => [
      inviter,
      (["owner", "admin", "reviewer"] as const).filter((role) => canInviteAs(inviter, role)),
    ]);
    expect(table).toEqual([
      ["owner", ["admin", "reviewer"]],
      ["admin", ["admin", "reviewer"]],
      ["reviewer", []],
      ["none", []],
    ]);
  });
});
