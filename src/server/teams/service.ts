import type { Kysely } from "kysely";
import type { z } from "zod";
import type { createTeamBodySchema, TeamSummary, updateTeamBodySchema } from "../../shared/schemas/teams.ts";
import type { SessionUser } from "../auth/service.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "./access.ts";
import { presentTeam, presentUserTeams } from "./present.ts";
import {
  deleteTeam,
  insertOwner,
  insertTeam,
  lockTeam,
  renameTeam,
  selectTeamProjectIds,
  selectUserTeams,
} from "./queries.ts";

export function createTeamService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  logger: Logger;
  /**
   * Asked before a team is deleted (billing reads the subscription it will cancel); the answer runs
   * after the deletion is committed, never when it fails.
   */
  prepareTeamDeletion?: (teamId: string) => Promise<() => Promise<void>>;
}) {
  const { db, access, events, logger, prepareTeamDeletion } = deps;

  return {
    /** The teams the user belongs to, sorted by name (spec: the picker lists teams by name). */
    async list(userId: string): Promise<TeamSummary[]> {
      return presentUserTeams(await selectUserTeams(db, userId));
    },

    /** A new team whose creator is its owner: the team and the membership in one transaction. */
    async create(user: SessionUser, input: z.output<typeof createTeamBodySchema>): Promise<TeamSummary> {
      const { name } = input;
      try {
        const team = await db.transaction().execute(async (trx) => {
          const created = await insertTeam(trx, name);
          await insertOwner(trx, created.id, user.id);
          return created;
        });
        return presentTeam(team, "owner");
      } catch (error) {
        // An outage is the error handler's 503; anything else is this screen's own message.
        if (isDatabaseUnavailable(error)) throw error;
        logger.error({ err: error, userId: user.id }, "creating a team failed");
        throw new AppError("internal", "Failed to create team");
      }
    },

    /** Edit Team: rename (the owner only, `team.edit`). */
    async rename(
      userId: string,
      teamId: string,
      input: z.output<typeof updateTeamBodySchema>,
    ): Promise<TeamSummary> {
      const role = await access.team(userId, teamId, "team.edit");
      const { name } = input;
      const team = await renameTeam(db, teamId, name);
      if (!team) throw new AppError("not_found", "Team not found");
      return presentTeam(team, role);
    },

    /**
     * Deletes the team (the owner only, `team.delete`). One statement: the foreign keys cascade to
     * its members, invites, tone sections and projects, and from projects to keys, strings, history,
     * reviews, batch jobs and API keys, so nothing of the team is left half-deleted. Each project's
     * viewers and caches (the pull API's) hear that it changed, as when a project is deleted alone.
     */
    async remove(userId: string, teamId: string): Promise<void> {
      await access.team(userId, teamId, "team.delete");
      const afterDeletion = await prepareTeamDeletion?.(teamId);
      const projects = await db.transaction().execute(async (trx) => {
        // Locked first: a project created meanwhile waits, then fails on the deleted team.
        await lockTeam(trx, teamId);
        const ids = await selectTeamProjectIds(trx, teamId);
        await deleteTeam(trx, teamId);
        return ids;
      });
      // Open event streams on the team's projects end now rather than at their next re-check.
      await events.accessChanged({ teamId }).catch((error: unknown) => {
        logger.warn({ err: error, teamId }, "after team deletion: ending event streams failed");
      });
      for (const { id } of projects) {
        await events.publish(id, [{ type: "project.updated", data: { projectId: id } }]);
      }
      await afterDeletion?.();
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
