import type { ToneSection, ToneSettings } from "../../shared/schemas/tone.ts";
import { isoDate } from "../db/sql.ts";
import type { SectionRow, ToneSettingsRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/tone.ts): no raw row leaves the server. */

export function presentToneSettings(row: ToneSettingsRow): ToneSettings {
  return { productContext: row.tov_product_context, brandTone: row.tov_tone };
}

export function presentToneSection(row: SectionRow): ToneSection {
  return {
    id: row.id,
    teamId: row.team_id,
    title: row.title,
    description: row.description,
    rules: row.rules,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}
