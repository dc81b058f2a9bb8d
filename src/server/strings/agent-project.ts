import type { Kysely } from "kysely";
import { languageName } from "../../shared/languages.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { selectProject } from "../pull/queries.ts";
import type { ProjectRow } from "../teams/access.ts";

/**
 * What every translator procedure starts from (issue 36): the project of the caller's API key
 * (a key sees that project only), and a language an agent named, held to the project's targets.
 */

export async function projectOfKey(db: Kysely<DB>, apiKey: ApiKeyRow): Promise<ProjectRow> {
  const project = await selectProject(db, apiKey.project_id);
  // The key is deleted with its project: this is a race with the deletion.
  if (!project) throw new AppError("unauthorized", "Invalid API key");
  return project;
}

export function targetsOf(project: ProjectRow): string[] {
  return project.languages.filter((code) => code !== project.source_language);
}

/** "de (German), fr (French)": what an agent may pick from. */
function targetList(project: ProjectRow): string {
  const targets = targetsOf(project);
  return targets.length === 0
    ? "it has none yet"
    : `its target languages: ${targets.map((code) => `${code} (${languageName(code)})`).join(", ")}`;
}

/** Refuses a language that is not one of the project's languages. */
function projectLanguage(project: ProjectRow, code: string): string {
  if (!project.languages.includes(code)) {
    throw new AppError(
      "validation_failed",
      `${languageName(code)} is not a language of this project (${targetList(project)})`,
    );
  }
  return code;
}

/**
 * A target language of the project, or a refusal an agent can act on: the source language is
 * written by developers (set_source_texts, push key), not translated.
 */
export function targetLanguage(project: ProjectRow, code: string, purpose: "read" | "write"): string {
  projectLanguage(project, code);
  if (code !== project.source_language) return code;
  const name = languageName(code);
  throw new AppError(
    "validation_failed",
    purpose === "write"
      ? `${name} is the source language: its texts are set with set_source_texts and a push key, not translated here`
      : `${name} is the source language; pick a target language (${targetList(project)})`,
  );
}
