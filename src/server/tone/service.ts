import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { isUuid } from "../../shared/ids.ts";
import type {
  createToneSectionBodySchema,
  ToneSection,
  ToneSettings,
  updateToneSectionBodySchema,
  updateToneSettingsBodySchema,
} from "../../shared/schemas/tone.ts";
import { type ActivityDetails, recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { Access } from "../teams/access.ts";
import { presentToneSection, presentToneSettings } from "./present.ts";
import {
  deleteSection,
  insertSection,
  selectNextPosition,
  selectSection,
  selectSections,
  selectTeamTone,
  updateSectionRow,
  updateTeamTone,
} from "./queries.ts";

/**
 * A team's tone of voice: the product context and brand tone (teams.tov_*) and its custom
 * sections. Every member reads it; only the owner and admins change it (spec point 6).
 * Bodies are parsed again here so the rules (trim, empty → null, blank rules dropped) hold for
 * every caller, not only the HTTP routes.
 */
export function createToneService(deps: { db: Kysely<DB>; access: Access }) {
  const { db, access } = deps;

  /** Every change of the tone is one activity entry (issue 22), in the change's transaction. */
  const edited = (trx: Transaction<DB>, teamId: string, userId: string, details: ActivityDetails) =>
    recordActivity(trx, { teamId, projectId: null, userId, kind: "tone.edited", details });

  async function sectionFor(userId: string, sectionId: string, permission: "tone.view" | "tone.manage") {
    if (!isUuid(sectionId)) throw new AppError("not_found", "Section not found");
    const section = await selectSection(db, sectionId);
    if (!section) throw new AppError("not_found", "Section not found");
    await access.team(userId, section.team_id, permission).catch(notFoundAs("Section"));
    return section;
  }

  return {
    async settings(userId: string, teamId: string): Promise<ToneSettings> {
      await access.team(userId, teamId, "tone.view");
      return presentToneSettings(await selectTeamTone(db, teamId));
    },

    async updateSettings(
      userId: string,
      teamId: string,
      body: z.output<typeof updateToneSettingsBodySchema>,
    ): Promise<ToneSettings> {
      await access.team(userId, teamId, "tone.manage");
      const team = await db.transaction().execute(async (trx) => {
        const team = await updateTeamTone(trx, teamId, {
          ...(body.productContext !== undefined ? { tov_product_context: body.productContext } : {}),
          ...(body.brandTone !== undefined ? { tov_tone: body.brandTone } : {}),
        });
        const changed = [
          ...(body.productContext !== undefined ? ["product context"] : []),
          ...(body.brandTone !== undefined ? ["brand tone"] : []),
        ];
        if (changed.length > 0)
          await edited(trx, teamId, userId, { action: "settings", changed: changed.join(", ") });
        return team;
      });
      return presentToneSettings(team);
    },

    async listSections(userId: string, teamId: string): Promise<ToneSection[]> {
      await access.team(userId, teamId, "tone.view");
      const rows = await selectSections(db, teamId);
      return rows.map(presentToneSection);
    },

    async createSection(
      userId: string,
      teamId: string,
      body: z.output<typeof createToneSectionBodySchema>,
    ): Promise<ToneSection> {
      await access.team(userId, teamId, "tone.manage");
      const row = await db.transaction().execute(async (trx) => {
        const position = await selectNextPosition(trx, teamId);
        const row = await insertSection(trx, {
          team_id: teamId,
          position,
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.rules !== undefined ? { rules: body.rules } : {}),
        });
        await edited(trx, teamId, userId, { action: "section added", section: row.title });
        return row;
      });
      return presentToneSection(row);
    },

    async updateSection(
      userId: string,
      sectionId: string,
      body: z.output<typeof updateToneSectionBodySchema>,
    ): Promise<ToneSection> {
      const section = await sectionFor(userId, sectionId, "tone.manage");
      const row = await db.transaction().execute(async (trx) => {
        const row = await updateSectionRow(trx, sectionId, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.rules !== undefined ? { rules: body.rules } : {}),
          updated_at: new Date(),
        });
        if (!row) throw new AppError("not_found", "Section not found");
        await edited(trx, section.team_id, userId, { action: "section edited", section: row.title });
        return row;
      });
      return presentToneSection(row);
    },

    async removeSection(userId: string, sectionId: string): Promise<void> {
      const section = await sectionFor(userId, sectionId, "tone.manage");
      await db.transaction().execute(async (trx) => {
        if (!(await deleteSection(trx, sectionId))) return;
        await edited(trx, section.team_id, userId, { action: "section deleted", section: section.title });
      });
    },
  };
}

export type ToneService = ReturnType<typeof createToneService>;
