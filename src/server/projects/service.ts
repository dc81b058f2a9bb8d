import type { Kysely } from "kysely";
import { isKnownLanguage, languageName } from "../../shared/languages.ts";
import {
  type CreateProjectBody,
  DEFAULT_SOURCE_LANGUAGE,
  type LanguageCompletion,
  type Project,
  type UpdateProjectBody,
} from "../../shared/schemas/projects.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Access } from "../teams/access.ts";
import { presentCompletion, presentProject, presentProjects } from "./present.ts";
import {
  deleteProject,
  insertProject,
  selectCompletion,
  selectTeamProjects,
  updateProject,
} from "./queries.ts";

export function createProjectService(deps: { db: Kysely<DB>; access: Access; events: EventBus }) {
  const { db, access, events } = deps;

  async function changed(projectId: string) {
    await events.publish(projectId, [{ type: "project.updated", data: { projectId } }]);
  }

  return {
    async list(userId: string, teamId: string): Promise<Project[]> {
      await access.team(userId, teamId, "team.view");
      return presentProjects(await selectTeamProjects(db, teamId));
    },

    async create(userId: string, teamId: string, body: CreateProjectBody): Promise<Project> {
      await access.team(userId, teamId, "projects.manage");
      const row = await insertProject(db, {
        team_id: teamId,
        name: body.name,
        languages: [DEFAULT_SOURCE_LANGUAGE],
      });
      return presentProject(row);
    },

    async update(userId: string, projectId: string, body: UpdateProjectBody): Promise<Project> {
      await access.project(userId, projectId, "projects.manage");
      const row = await updateProject(db, projectId, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.placeholderFormat !== undefined ? { placeholder_format: body.placeholderFormat } : {}),
        ...(body.disabledChecks !== undefined ? { disabled_checks: [...new Set(body.disabledChecks)] } : {}),
      });
      await changed(projectId);
      return presentProject(row);
    },

    async remove(userId: string, projectId: string): Promise<void> {
      await access.project(userId, projectId, "projects.manage");
      await deleteProject(db, projectId);
      await changed(projectId);
    },

    /**
     * The whole ordered list. Strings of a removed language stay stored (hidden), so adding the
     * language back brings them back: removing a language never loses a string.
     */
    async setLanguages(userId: string, projectId: string, languages: string[]): Promise<Project> {
      const { project } = await access.project(userId, projectId, "languages.edit");
      const seen = new Set<string>();
      for (const code of languages) {
        if (!isKnownLanguage(code)) throw new AppError("validation_failed", `Unknown language code: ${code}`);
        if (seen.has(code))
          throw new AppError("validation_failed", `${languageName(code)} is already in the project`);
        seen.add(code);
      }
      if (!seen.has(project.source_language)) {
        throw new AppError(
          "validation_failed",
          `${languageName(project.source_language)} is the source language and cannot be removed`,
        );
      }
      const row = await updateProject(db, projectId, { languages });
      await changed(projectId);
      return presentProject(row);
    },

    /** Spec point 4: a language is complete when no key with a source text lacks a translation in it. */
    async completion(userId: string, projectId: string): Promise<LanguageCompletion[]> {
      const { project } = await access.project(userId, projectId, "languages.view");
      const rows = await selectCompletion(db, projectId, project.source_language, project.languages);
      return presentCompletion(project.languages, rows);
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
