import { CHECK_IDS, type CheckId } from "../../shared/quality/checks.ts";
import type { LanguageCompletion, PlaceholderFormat, Project } from "../../shared/schemas/projects.ts";
import { isoDate } from "../db/sql.ts";
import type { ProjectRow } from "../teams/access.ts";
import type { CompletionRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/projects.ts): no raw row leaves the server. */

/** Case- and accent-blind, numbers by value: "Project 2" before "project 10". */
const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function presentProject(row: ProjectRow): Project {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    kind: "web",
    sourceLanguage: row.source_language,
    languages: row.languages,
    placeholderFormat: row.placeholder_format as PlaceholderFormat,
    // Ids a newer version no longer has are dropped rather than failing the answer's schema.
    disabledChecks: row.disabled_checks.filter((id): id is CheckId =>
      (CHECK_IDS as readonly string[]).includes(id),
    ),
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}

/** A team's projects in the order people look for them: by name, not by creation. */
export function presentProjects(rows: ProjectRow[]): Project[] {
  return rows.sort((a, b) => byName.compare(a.name, b.name)).map(presentProject);
}

/**
 * Every project language in the project's order, a language with no row counting nothing (the
 * query answers one per language, so that is the defensive case).
 */
export function presentCompletion(languages: readonly string[], rows: CompletionRow[]): LanguageCompletion[] {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return languages.map((code) => {
    const row = byCode.get(code);
    const missing = Number(row?.missing ?? 0);
    const pseudo = Number(row?.pseudo ?? 0);
    return {
      code,
      // Pseudo-localization fills cells but translates nothing: such a language is never complete.
      isComplete: missing === 0 && pseudo === 0,
      missingKeys: missing,
      translatedKeys: Number(row?.translated ?? 0) - pseudo,
      totalKeys: Number(row?.total ?? 0),
      unverifiedKeys: Number(row?.unverified ?? 0),
      pseudoKeys: pseudo,
    };
  });
}
