import { type Kysely, sql } from "kysely";
import type { ProjectStatus } from "../../shared/schemas/push.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { namespacesOf } from "../keys/namespaces.ts";
import { presentCompletion } from "../projects/present.ts";
import { selectCompletion } from "../projects/queries.ts";

/** Key names per page of `GET /api/v1/keys`: one index range scan each, a few milliseconds. */
export const KEY_NAMES_PER_PAGE = 5000;

async function projectOf(db: Kysely<DB>, projectId: string) {
  const project = await db
    .selectFrom("projects")
    .select(["id", "name", "source_language", "languages"])
    .where("id", "=", projectId)
    .executeTakeFirst();
  // The key is deleted with its project, so this is a race with a deletion.
  if (!project) throw new AppError("unauthorized", "Invalid API key");
  return project;
}

/**
 * Per language, the texts whose newest current review verdict is an approval, among the keys
 * completion counts (translatable plain text). A verdict is current while the string it judged is
 * the one stored, the rule of the Overview's approval filter (keys/filters.ts). One statement.
 */
async function selectApproved(db: Kysely<DB>, projectId: string): Promise<Map<string, number>> {
  const result = await sql<{ language_code: string; approved: number }>`
    select language_code, count(*) filter (where state = 'approved')::int as approved
    from (
      select distinct on (a.key_id, a.language_code) a.language_code, a.state
      from reviews r
      join review_approvals a on a.review_id = r.id
      join translation_keys k on k.id = a.key_id
      left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
      where r.project_id = ${projectId} and k.translatable and k.value_type is null
        and a.string_version = coalesce(s.version, 0)
        and (s.updated_at is null or s.updated_at <= a.updated_at)
      order by a.key_id, a.language_code, a.updated_at desc, a.review_id
    ) v
    group by language_code
  `.execute(db);
  return new Map(result.rows.map((row) => [row.language_code, Number(row.approved)]));
}

/**
 * `GET /api/v1/status` (what `sprog status` prints): per language of the project, from the counts
 * the Overview's completion reads (kept by triggers, never a scan of the strings). `translated`
 * leaves pseudo-localization out, as the completion endpoint does; `unverified` is machine output
 * no person has checked, pseudo-localization included.
 */
export async function projectStatus(db: Kysely<DB>, projectId: string): Promise<ProjectStatus> {
  const project = await projectOf(db, projectId);
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
}

/**
 * Every key name of the project in name order, a page at a time (keyset on the unique index of
 * project and name): a project of 250,000 keys is never held whole, and the server answers other
 * requests between pages.
 */
export async function* keyNamePages(db: Kysely<DB>, projectId: string): AsyncGenerator<string[]> {
  let after: string | undefined;
  for (;;) {
    let query = db
      .selectFrom("translation_keys")
      .select("key")
      .where("project_id", "=", projectId)
      .orderBy("key")
      .limit(KEY_NAMES_PER_PAGE);
    if (after !== undefined) query = query.where("key", ">", after);
    const page = (await query.execute()).map((row) => row.key);
    if (page.length > 0) yield page;
    if (page.length < KEY_NAMES_PER_PAGE) return;
    after = page[page.length - 1];
  }
}
