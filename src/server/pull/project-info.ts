import type { Kysely } from "kysely";
import type { ProjectStatus } from "../../shared/schemas/push.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { namespacesOf } from "../keys/namespaces.ts";
import { presentCompletion } from "../projects/present.ts";
import { selectCompletion } from "../projects/queries.ts";
import { selectApproved, selectKeyNamesPage, selectKeyProject } from "./queries.ts";

/** Key names per page of `GET /api/v1/keys`: one index range scan each, a few milliseconds. */
export const KEY_NAMES_PER_PAGE = 5000;

/** What an API key may read of its project besides its translations: status and key names. */
export function createProjectInfo(db: Kysely<DB>) {
  async function projectOf(projectId: string) {
    const project = await selectKeyProject(db, projectId);
    // The key is deleted with its project, so this is a race with a deletion.
    if (!project) throw new AppError("unauthorized", "Invalid API key");
    return project;
  }

  return {
    /**
     * `GET /api/v1/status` (what `sprog status` prints): per language of the project, from the
     * counts the Overview's completion reads (kept by triggers, never a scan of the strings).
     * `translated` leaves pseudo-localization out, as the completion endpoint does; `unverified` is
     * machine output no person has checked, pseudo-localization included.
     */
    async status(projectId: string): Promise<ProjectStatus> {
      const project = await projectOf(projectId);
      const [rows, approved, namespaces] = await Promise.all([
        selectCompletion(db, project.id, project.source_language, project.languages),
        selectApproved(db, project.id),
        namespacesOf(db, project.id),
      ]);
      return {
        project: { id: project.id, name: project.name, sourceLanguage: project.source_language },
        languages: presentCompletion(project.languages, rows).map((language) => ({
          code: language.code,
          keys: language.totalKeys,
          translated: language.translatedKeys,
          missing: language.missingKeys,
          unverified: language.unverifiedKeys + language.pseudoKeys,
          approved: approved.get(language.code) ?? 0,
        })),
        namespaces,
      };
    },

    /**
     * Every key name of the project in name order, a page at a time: a project of 250,000 keys is
     * never held whole, and the server answers other requests between pages.
     */
    async *keyNamePages(projectId: string): AsyncGenerator<string[]> {
      let after: string | undefined;
      for (;;) {
        const page = await selectKeyNamesPage(db, projectId, after, KEY_NAMES_PER_PAGE);
        if (page.length > 0) yield page;
        if (page.length < KEY_NAMES_PER_PAGE) return;
        after = page[page.length - 1];
      }
    },
  };
}

export type ProjectInfo = ReturnType<typeof createProjectInfo>;
