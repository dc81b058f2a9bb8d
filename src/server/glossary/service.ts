import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { GlossaryCsvError, parseGlossaryCsv, serializeGlossaryCsv } from "../../shared/glossary/csv.ts";
import { isUuid } from "../../shared/ids.ts";
import {
  BOTH_FLAGS_MESSAGE,
  type createGlossaryTermBodySchema,
  GLOSSARY_TERMS_MAX,
  type GlossaryImportResult,
  type GlossaryTerm,
  type GlossaryTermList,
  type glossaryListQuerySchema,
  type updateGlossaryTermBodySchema,
} from "../../shared/schemas/glossary.ts";
import { type ActivityDetails, recordActivity } from "../activity/record.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Access } from "../teams/access.ts";
import { presentTerm } from "./present.ts";
import {
  countTerms,
  deleteTerm,
  type GlossaryEntryWithDescription,
  insertTerm,
  loadGlossaryEntries,
  selectTerm,
  selectTerms,
  updateTermRow,
  upsertTerms,
} from "./queries.ts";

/** Called inside the transaction of every glossary write, with the team whose glossary changed. */
export type GlossaryChanged = (trx: Transaction<DB>, teamId: string) => Promise<void>;

const DUPLICATE = "A term with this name already exists";
const NOT_FOUND = "Term not found";
const FULL = `A glossary can hold at most ${GLOSSARY_TERMS_MAX.toLocaleString("en")} terms`;

/** A unique violation is the one mistake a person can make that the schema cannot see. */
function duplicateAsConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE);
  throw error;
}

/**
 * A team's glossary (issue 21): terms with their flags and approved translations, shared by the
 * team's projects. Every member reads it; owners and admins change it. Every write runs in one
 * transaction with `onChanged`, so what depends on the glossary (stored quality checks) changes
 * with it or not at all. Bodies are parsed again here so the rules hold for every caller.
 */
export function createGlossaryService(deps: {
  db: Kysely<DB>;
  access: Access;
  onChanged?: GlossaryChanged | undefined;
}) {
  const { db, access } = deps;
  /** Every write: its activity entry (issue 22) and what follows the glossary, in its transaction. */
  const changed = async (
    trx: Transaction<DB>,
    teamId: string,
    edit: { userId: string; count: number; details: ActivityDetails },
  ) => {
    await recordActivity(trx, {
      teamId,
      projectId: null,
      userId: edit.userId,
      kind: "glossary.edited",
      count: edit.count,
      details: edit.details,
    });
    await deps.onChanged?.(trx, teamId);
  };

  return {
    async list(
      userId: string,
      teamId: string,
      query: z.output<typeof glossaryListQuerySchema>,
    ): Promise<GlossaryTermList> {
      await access.team(userId, teamId, "glossary.view");
      const { rows, total } = await selectTerms(db, teamId, query);
      return { terms: rows.map(presentTerm), total };
    },

    async create(
      userId: string,
      teamId: string,
      body: z.output<typeof createGlossaryTermBodySchema>,
    ): Promise<GlossaryTerm> {
      await access.team(userId, teamId, "glossary.manage");
      const row = await db
        .transaction()
        .execute(async (trx) => {
          if ((await countTerms(trx, teamId)) >= GLOSSARY_TERMS_MAX) throw new AppError("bad_request", FULL);
          const inserted = await insertTerm(trx, {
            team_id: teamId,
            term: body.term,
            description: body.description,
            part_of_speech: body.partOfSpeech,
            case_sensitive: body.caseSensitive,
            forbidden: body.forbidden,
            do_not_translate: body.doNotTranslate,
            translations: body.translations,
            created_by: userId,
            updated_by: userId,
          });
          await changed(trx, teamId, {
            userId,
            count: 1,
            details: { action: "created", term: inserted.term },
          });
          return inserted;
        })
        .catch(duplicateAsConflict);
      return presentTerm(row);
    },

    async update(
      userId: string,
      teamId: string,
      termId: string,
      body: z.output<typeof updateGlossaryTermBodySchema>,
    ): Promise<GlossaryTerm> {
      await access.team(userId, teamId, "glossary.manage");
      if (!isUuid(termId)) throw new AppError("not_found", NOT_FOUND);
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const current = await selectTerm(trx, teamId, termId);
          if (!current) throw new AppError("not_found", NOT_FOUND);
          const forbidden = body.forbidden ?? current.forbidden;
          const doNotTranslate = body.doNotTranslate ?? current.do_not_translate;
          if (forbidden && doNotTranslate) throw new AppError("validation_failed", BOTH_FLAGS_MESSAGE);
          const updated = await updateTermRow(trx, teamId, termId, {
            ...(body.term !== undefined ? { term: body.term } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.partOfSpeech !== undefined ? { part_of_speech: body.partOfSpeech } : {}),
            ...(body.caseSensitive !== undefined ? { case_sensitive: body.caseSensitive } : {}),
            ...(body.forbidden !== undefined ? { forbidden: body.forbidden } : {}),
            ...(body.doNotTranslate !== undefined ? { do_not_translate: body.doNotTranslate } : {}),
            ...(body.translations !== undefined ? { translations: body.translations } : {}),
            updated_by: userId,
            updated_at: new Date(),
          });
          if (!updated) throw new AppError("not_found", NOT_FOUND);
          await changed(trx, teamId, {
            userId,
            count: 1,
            details: { action: "updated", term: updated.term },
          });
          return updated;
        })
        .catch(duplicateAsConflict);
      return presentTerm(row);
    },

    async remove(userId: string, teamId: string, termId: string): Promise<void> {
      await access.team(userId, teamId, "glossary.manage");
      if (!isUuid(termId)) throw new AppError("not_found", NOT_FOUND);
      await db.transaction().execute(async (trx) => {
        const term = await selectTerm(trx, teamId, termId);
        if (!term || !(await deleteTerm(trx, teamId, termId))) throw new AppError("not_found", NOT_FOUND);
        await changed(trx, teamId, { userId, count: 1, details: { action: "deleted", term: term.term } });
      });
    },

    /** Upserts every row of the file in one transaction; a bad file is refused naming its line. */
    async importCsv(userId: string, teamId: string, bytes: Uint8Array): Promise<GlossaryImportResult> {
      await access.team(userId, teamId, "glossary.manage");
      let rows: ReturnType<typeof parseGlossaryCsv>;
      try {
        rows = parseGlossaryCsv(bytes);
      } catch (error) {
        if (error instanceof GlossaryCsvError) throw new AppError("validation_failed", error.message);
        throw error;
      }
      return db.transaction().execute(async (trx) => {
        const result = await upsertTerms(trx, teamId, userId, rows);
        if (rows.length > 0) {
          // Recorded with the write: a file that overfills the glossary (below) takes both back.
          await changed(trx, teamId, {
            userId,
            count: result.created + result.updated,
            details: { action: "imported", created: result.created, updated: result.updated },
          });
        }
        if (result.created > 0 && (await countTerms(trx, teamId)) > GLOSSARY_TERMS_MAX) {
          throw new AppError("validation_failed", FULL);
        }
        return result;
      });
    },

    async exportCsv(userId: string, teamId: string): Promise<Uint8Array<ArrayBuffer>> {
      await access.team(userId, teamId, "glossary.view");
      const { rows } = await selectTerms(db, teamId, { offset: 0 });
      return serializeGlossaryCsv(rows.map(presentTerm));
    },

    /** The glossary of a project's team, for the editor's underlines. */
    async projectEntries(userId: string, projectId: string): Promise<GlossaryEntryWithDescription[]> {
      const { project } = await access.project(userId, projectId, "glossary.view");
      return loadGlossaryEntries(db, project.team_id);
    },
  };
}

export type GlossaryService = ReturnType<typeof createGlossaryService>;
