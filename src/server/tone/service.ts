import type { Kysely, Selectable } from "kysely";
import {
  type CreateToneSectionBody,
  createToneSectionBodySchema,
  type ToneSection,
  type ToneSettings,
  type UpdateToneSectionBody,
  type UpdateToneSettingsBody,
  updateToneSectionBodySchema,
  updateToneSettingsBodySchema,
} from "../../shared/schemas/tone.ts";
import type { DB, ToneSectionsTable } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { Access } from "../teams/access.ts";

type SectionRow = Selectable<ToneSectionsTable>;

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

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * A team's tone of voice: the product context and brand tone (teams.tov_*) and its custom
 * sections. Every member reads it; only the owner and admins change it (spec point 6).
 * Bodies are parsed again here so the rules (trim, empty → null, blank rules dropped) hold for
 * every caller, not only the HTTP routes.
 */
export function createToneService(deps: { db: Kysely<DB>; access: Access }) {
  const { db, access } = deps;

  async function sectionFor(userId: string, sectionId: string, permission: "tone.view" | "tone.manage") {
    if (!isUuid(sectionId)) throw new AppError("not_found", "Section not found");
    const section = await db
      .selectFrom("tone_sections")
      .selectAll()
      .where("id", "=", sectionId)
      .executeTakeFirst();
    if (!section) throw new AppError("not_found", "Section not found");
    await access.team(userId, section.team_id, permission).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") {
        throw new AppError("not_found", "Section not found");
      }
      throw error;
    });
    return section;
  }

  return {
    async settings(userId: string, teamId: string): Promise<ToneSettings> {
      await access.team(userId, teamId, "tone.view");
      const team = await db
        .selectFrom("teams")
        .select(["tov_product_context", "tov_tone"])
        .where("id", "=", teamId)
        .executeTakeFirstOrThrow();
      return { productContext: team.tov_product_context, brandTone: team.tov_tone };
    },

    async updateSettings(
      userId: string,
      teamId: string,
      input: UpdateToneSettingsBody,
    ): Promise<ToneSettings> {
      await access.team(userId, teamId, "tone.manage");
      const body = updateToneSettingsBodySchema.parse(input);
      const team = await db
        .updateTable("teams")
        .set({
          ...(body.productContext !== undefined ? { tov_product_context: body.productContext } : {}),
          ...(body.brandTone !== undefined ? { tov_tone: body.brandTone } : {}),
        })
        .where("id", "=", teamId)
        .returning(["tov_product_context", "tov_tone"])
        .executeTakeFirstOrThrow();
      return { productContext: team.tov_product_context, brandTone: team.tov_tone };
    },

    async listSections(userId: string, teamId: string): Promise<ToneSection[]> {
      await access.team(userId, teamId, "tone.view");
      const rows = await db
        .selectFrom("tone_sections")
        .selectAll()
        .where("team_id", "=", teamId)
        .orderBy("position")
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(presentToneSection);
    },

    async createSection(userId: string, teamId: string, input: CreateToneSectionBody): Promise<ToneSection> {
      await access.team(userId, teamId, "tone.manage");
      const body = createToneSectionBodySchema.parse(input);
      const last = await db
        .selectFrom("tone_sections")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("team_id", "=", teamId)
        .executeTakeFirst();
      const position =
        last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const row = await db
        .insertInto("tone_sections")
        .values({
          team_id: teamId,
          position,
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.rules !== undefined ? { rules: body.rules } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentToneSection(row);
    },

    async updateSection(
      userId: string,
      sectionId: string,
      input: UpdateToneSectionBody,
    ): Promise<ToneSection> {
      await sectionFor(userId, sectionId, "tone.manage");
      const body = updateToneSectionBodySchema.parse(input);
      const row = await db
        .updateTable("tone_sections")
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.rules !== undefined ? { rules: body.rules } : {}),
          updated_at: new Date(),
        })
        .where("id", "=", sectionId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError("not_found", "Section not found");
      return presentToneSection(row);
    },

    async removeSection(userId: string, sectionId: string): Promise<void> {
      await sectionFor(userId, sectionId, "tone.manage");
      await db.deleteFrom("tone_sections").where("id", "=", sectionId).execute();
    },
  };
}

export type ToneService = ReturnType<typeof createToneService>;
