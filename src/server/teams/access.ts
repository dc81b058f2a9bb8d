import type { Kysely, Selectable } from "kysely";
import { can, type Permission, type Role, toRole } from "../../shared/permissions.ts";
import type { DB, ProjectsTable, TranslationKeysTable } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export type ProjectRow = Selectable<ProjectsTable>;
export type KeyRow = Selectable<TranslationKeysTable>;

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The one gate every team resource passes: who is asking, in which team, may they do this?
 * Someone outside the team gets 404 (a resource of another team does not exist for them);
 * a member without the right gets 403. Any other failure (the database away) passes through.
 */
export function createAccess(db: Kysely<DB>) {
  async function roleIn(userId: string, teamId: string): Promise<Role> {
    const member = await db
      .selectFrom("members")
      .select("role")
      .where("team_id", "=", teamId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return toRole(member?.role);
  }

  function check(role: Role, permission: Permission | undefined, notFound: string) {
    if (role === "none") throw new AppError("not_found", notFound);
    if (permission && !can(role, permission)) {
      throw new AppError("forbidden", "You do not have permission to do this");
    }
  }

  return {
    async team(userId: string, teamId: string, permission?: Permission): Promise<Role> {
      const role = await roleIn(userId, teamId);
      check(role, permission, "Team not found");
      return role;
    },

    async project(userId: string, projectId: string, permission?: Permission) {
      if (!isUuid(projectId)) throw new AppError("not_found", "Project not found");
      const project = await db
        .selectFrom("projects")
        .selectAll()
        .where("id", "=", projectId)
        .executeTakeFirst();
      if (!project) throw new AppError("not_found", "Project not found");
      const role = await roleIn(userId, project.team_id);
      check(role, permission, "Project not found");
      return { project, role };
    },

    async key(userId: string, keyId: string, permission?: Permission) {
      if (!isUuid(keyId)) throw new AppError("not_found", "Key not found");
      const key = await db
        .selectFrom("translation_keys")
        .selectAll()
        .where("id", "=", keyId)
        .executeTakeFirst();
      if (!key) throw new AppError("not_found", "Key not found");
      // Only "no such project for you" becomes "no such key"; a database outage stays what it is (503).
      const { project, role } = await this.project(userId, key.project_id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") {
          throw new AppError("not_found", "Key not found");
        }
        throw error;
      });
      check(role, permission, "Key not found");
      return { key, project, role };
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
