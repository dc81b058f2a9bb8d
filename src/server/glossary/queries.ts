import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import type { GlossaryEntry } from "../../shared/glossary/match.ts";
import type { DB, GlossaryTermsTable } from "../db/schema.ts";
import { containsPattern } from "../db/sql.ts";

/** Reads and writes of a team's glossary: no rules here (the service checks access first), only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

export type TermRow = Selectable<GlossaryTermsTable>;

/** A term as the matcher needs it (src/shared/glossary/match.ts), with its description for tooltips. */
export type GlossaryEntryWithDescription = GlossaryEntry & { description: string };

/** jsonb written as its JSON text: both drivers then store the same object. */
const jsonb = (value: Record<string, string>) => sql<Record<string, string>>`${JSON.stringify(value)}::jsonb`;

/**
 * The team's terms by name, those matching `q` (in the term, a translation or the description);
 * a page of them with `limit`, and how many match in all.
 */
export async function selectTerms(
  db: Db,
  teamId: string,
  options: { q?: string | undefined; limit?: number | undefined; offset: number },
): Promise<{ rows: TermRow[]; total: number }> {
  let query = db.selectFrom("glossary_terms").where("team_id", "=", teamId);
  const q = options.q?.trim() ?? "";
  if (q !== "") {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb("term", "ilike", pattern),
        eb("description", "ilike", pattern),
        eb.exists(
          sql`(select 1 from jsonb_each_text(glossary_terms.translations) as t(language, text) where t.text ilike ${pattern})`,
        ),
      ]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst();
  let page = query.selectAll().orderBy(sql`lower(term)`).orderBy("id").offset(options.offset);
  if (options.limit !== undefined) page = page.limit(options.limit);
  return { rows: await page.execute(), total: Number(counted?.total ?? 0) };
}

export function selectTerm(db: Db, teamId: string, termId: string) {
  return db
    .selectFrom("glossary_terms")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("id", "=", termId)
    .executeTakeFirst();
}

export function countTerms(db: Db, teamId: string): Promise<number> {
  return db
    .selectFrom("glossary_terms")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("team_id", "=", teamId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

type TermValues = Omit<Insertable<GlossaryTermsTable>, "translations"> & {
  translations: Record<string, string>;
};

export function insertTerm(db: Db, values: TermValues) {
  return db
    .insertInto("glossary_terms")
    .values({ ...values, translations: jsonb(values.translations) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The term as changed; undefined when it is gone. */
export function updateTermRow(
  db: Db,
  teamId: string,
  termId: string,
  changes: Omit<Updateable<GlossaryTermsTable>, "translations"> & { translations?: Record<string, string> },
) {
  const { translations, ...rest } = changes;
  return db
    .updateTable("glossary_terms")
    .set({ ...rest, ...(translations !== undefined ? { translations: jsonb(translations) } : {}) })
    .where("team_id", "=", teamId)
    .where("id", "=", termId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether a term was deleted (false: none of that id in the team). */
export async function deleteTerm(db: Db, teamId: string, termId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("glossary_terms")
    .where("team_id", "=", teamId)
    .where("id", "=", termId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface UpsertTerm {
  term: string;
  description: string;
  partOfSpeech: string | null;
  caseSensitive: boolean;
  forbidden: boolean;
  doNotTranslate: boolean;
  translations: Record<string, string>;
}

/**
 * Adds the terms, or updates the one of the same name (any case): its fields become the row's and
 * the row's translations are merged into its own (a file's missing language keeps what it had).
 * In chunks, to keep each statement's parameters within PostgreSQL's limit. Counts what was added.
 */
export async function upsertTerms(
  db: Db,
  teamId: string,
  userId: string,
  terms: readonly UpsertTerm[],
): Promise<{ created: number; updated: number }> {
  let created = 0;
  for (let start = 0; start < terms.length; start += 500) {
    const chunk = terms.slice(start, start + 500);
    const rows = await db
      .insertInto("glossary_terms")
      .values(
        chunk.map((term) => ({
          team_id: teamId,
          term: term.term,
          description: term.description,
          part_of_speech: term.partOfSpeech,
          case_sensitive: term.caseSensitive,
          forbidden: term.forbidden,
          do_not_translate: term.doNotTranslate,
          translations: jsonb(term.translations),
          created_by: userId,
          updated_by: userId,
        })),
      )
      .onConflict((oc) =>
        oc.expression(sql`team_id, lower(term)`).doUpdateSet({
          term: sql`excluded.term`,
          description: sql`excluded.description`,
          part_of_speech: sql`excluded.part_of_speech`,
          case_sensitive: sql`excluded.case_sensitive`,
          forbidden: sql`excluded.forbidden`,
          do_not_translate: sql`excluded.do_not_translate`,
          translations: sql`glossary_terms.translations || excluded.translations`,
          updated_by: sql`excluded.updated_by`,
          updated_at: sql`now()`,
        }),
      )
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
      .execute();
    created += rows.filter((row) => row.inserted).length;
  }
  return { created, updated: terms.length - created };
}

/**
 * The team's glossary as the matcher takes it, for the AI's prompts, the quality checks and the
 * editor. No permission check: callers have checked access to the team (or act for it).
 */
export async function loadGlossaryEntries(db: Db, teamId: string): Promise<GlossaryEntryWithDescription[]> {
  const rows = await db
    .selectFrom("glossary_terms")
    .select(["id", "term", "description", "case_sensitive", "forbidden", "do_not_translate", "translations"])
    .where("team_id", "=", teamId)
    .orderBy(sql`lower(term)`)
    .orderBy("id")
    .execute();
  return rows.map(glossaryEntryOf);
}

/** A `glossary_terms` row as the matcher takes it (callers that read it joined to something else). */
export function glossaryEntryOf(row: {
  id: string;
  term: string;
  description: string;
  case_sensitive: boolean;
  forbidden: boolean;
  do_not_translate: boolean;
  translations: GlossaryEntry["translations"];
}): GlossaryEntryWithDescription {
  return {
    id: row.id,
    term: row.term,
    description: row.description,
    caseSensitive: row.case_sensitive,
    forbidden: row.forbidden,
    doNotTranslate: row.do_not_translate,
    translations: row.translations,
  };
}
