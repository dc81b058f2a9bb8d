import type { Kysely, Selectable } from "kysely";
import { isUuid } from "../../shared/ids.ts";
import { can, type Permission, type Role, toRole } from "../../shared/permissions.ts";
import type { DB, ProjectsTable, TranslationKeysTable } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type ProjectWithRoleRow,
  selectKeyRow,
  selectProjectWithRoleById,
  selectProjectWithRoleByKey,
  selectRole,
} from "./queries.ts";

export type ProjectRow = Selectable<ProjectsTable>;
export type KeyRow = Selectable<TranslationKeysTable>;

/**
 * The one gate every team resource passes: who is asking, in which team, may they do this?
 * Someone outside the team gets 404 (a resource of another team does not exist for them);
 * a member without the right gets 403. Any other failure (the database away) passes through.
 */
export function createAccess(db: Kysely<DB>) {
  function check(role: Role, permission: Permission | undefined, notFound: string) {
    if (role === "none") throw new AppError("not_found", notFound);
    if (permission && !can(role, permission)) {
      throw new AppError("forbidden", "You do not have permission to do this");
    }
  }

  return {
    async team(userId: string, teamId: string, permission?: Permission): Promise<Role> {
      const role = toRole(await selectRole(db, userId, teamId));
      check(role, permission, "Team not found");
      return role;
    },

    async project(userId: string, projectId: string, permission?: Permission) {
      if (!isUuid(projectId)) throw new AppError("not_found", "Project not found");
      const found = withRole(await selectProjectWithRoleById(db, userId, projectId));
      if (!found) throw new AppError("not_found", "Project not found");
      check(found.role, permission, "Project not found");
      return found;
    },

    async key(userId: string, keyId: string, permission?: Permission) {
      if (!isUuid(keyId)) throw new AppError("not_found", "Key not found");
      // The key and its project side by side: every cell save and key edit starts here, and one
      // round trip fewer in a row is what a busy server's small requests wait for least.
      const [key, row] = await Promise.all([
        selectKeyRow(db, keyId),
        selectProjectWithRoleByKey(db, userId, keyId),
      ]);
      const found = withRole(row);
      // Only "no such project for you" becomes "no such key"; a database outage stays what it is (503).
      if (!key || !found || found.project.id !== key.project_id)
        throw new AppError("not_found", "Key not found");
      check(found.role, permission, "Key not found");
      return { key, project: found.project, role: found.role };
    },
  };
}

/** The project apart from the person's role in its team (`none` outside it). */
function withRole(row: ProjectWithRoleRow | undefined): { project: ProjectRow; role: Role } | undefined {
  if (!row) return undefined;
  const { member_role, ...project } = row;
  return { project, role: toRole(member_role ?? undefined) };
}

export type Access = ReturnType<typeof createAccess>;
