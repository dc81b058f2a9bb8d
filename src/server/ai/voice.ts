import type { Kysely } from "kysely";
import { DEFAULT_PRODUCT_CONTEXT, DEFAULT_TONE } from "../../shared/schemas/tone.ts";
import type { DB } from "../db/schema.ts";
import type { VoiceContext } from "./provider.ts";

/**
 * The team's voice for an AI call: product context and brand tone (the spec's defaults when unset)
 * and every rule of its tone sections, each with its section's title for context.
 */
export async function loadVoice(db: Kysely<DB>, teamId: string, model: string): Promise<VoiceContext> {
  const [team, sections] = await Promise.all([
    db
      .selectFrom("teams")
      .select(["tov_tone", "tov_product_context"])
      .where("id", "=", teamId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("tone_sections")
      .select(["title", "rules"])
      .where("team_id", "=", teamId)
      .orderBy("position")
      .orderBy("created_at")
      .execute(),
  ]);
  return {
    teamId,
    productContext: team.tov_product_context ?? DEFAULT_PRODUCT_CONTEXT,
    brandTone: team.tov_tone ?? DEFAULT_TONE,
    toneRules: sections.flatMap((section) => section.rules.map((rule) => `${section.title}: ${rule}`)),
    model,
  };
}
