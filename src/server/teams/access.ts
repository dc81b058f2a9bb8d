import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from "kysely";
import { isUuid } from "../../shared/ids.ts";
import { can, type Permission, type Role, toRole } from "../../shared/permissions.ts";
import type { DB, ProjectsTable, TranslationKeysTable } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export type ProjectRow = Selectable<ProjectsTable>;
export type KeyRow = Selectable<TranslationKeysTable>;

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
      const found = await projectWithRole(userId, (eb) => eb("p.id", "=", projectId));
      if (!found) throw new AppError("not_found", "Project not found");
      check(found.role, permission, "Project not found");
      return found;
    },

    async key(userId: string, keyId: string, permission?: Permission) {
      if (!isUuid(keyId)) throw new AppError("not_found", "Key not found");
      // The key and its project side by side: every cell save and key edit starts here, and one
      // round trip fewer in a row is what a busy server's small requests wait for least.
      const [key, found] = await Promise.all([
        db.selectFrom("translation_keys").selectAll().where("id", "=", keyId).executeTakeFirst(),
        projectWithRole(userId, (eb) =>
          eb("p.id", "=", eb.selectFrom("translation_keys").select("project_id").where("id", "=", keyId)),
        ),
      ]);
      // Only "no such project for you" becomes "no such key"; a database outage stays what it is (503).
      if (!key || !found || found.project.id !== key.project_id)
        throw new AppError("not_found", "Key not found");
      check(found.role, permission, "Key not found");
      return { key, project: found.project, role: found.role };
    },
  };

  /** A project with the asking person's role in its team, in one query (`none` outside it). */
  async function projectWithRole(
    userId: string,
    where: (eb: ExpressionBuilder<DB & { p: ProjectsTable }, "p">) => Expression<SqlBool>,
  ): Promise<{ project: ProjectRow; role: Role } | undefined> {
    const row = await db
      .selectFrom("projects as p")
      .leftJoin("members as m", (join) =>
        join.onRef("m.team_id", "=", "p.team_id").on("m.user_id", "=", userId),
      )
      .selectAll("p")
      .select("m.role as member_role")
      .where(where)
      .executeTakeFirst();
    if (!row) return undefined;
    const { member_role, ...project } = row;
    return { project, role: toRole(member_role ?? undefined) };
  }
}

export type Access = ReturnType<typeof createAccess>;
