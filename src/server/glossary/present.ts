import { type GlossaryTerm, PARTS_OF_SPEECH, type PartOfSpeech } from "../../shared/schemas/glossary.ts";
import { isoDate } from "../db/sql.ts";
import type { TermRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/glossary.ts): no raw row leaves the server. */

const partOfSpeech = (value: string | null): PartOfSpeech | null =>
  (PARTS_OF_SPEECH as readonly string[]).includes(value ?? "") ? (value as PartOfSpeech) : null;

export function presentTerm(row: TermRow): GlossaryTerm {
  return {
    id: row.id,
    teamId: row.team_id,
    term: row.term,
    description: row.description,
    partOfSpeech: partOfSpeech(row.part_of_speech),
    caseSensitive: row.case_sensitive,
    forbidden: row.forbidden,
    doNotTranslate: row.do_not_translate,
    translations: row.translations,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}
