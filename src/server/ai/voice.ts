import type { Kysely } from "kysely";
import { DEFAULT_PRODUCT_CONTEXT, DEFAULT_TONE } from "../../shared/schemas/tone.ts";
import type { DB } from "../db/schema.ts";
import type { VoiceContext } from "./provider.ts";
import { selectTeamVoice, selectToneRules } from "./queries.ts";

/**
 * The team's voice for an AI call: product context and brand tone (the spec's defaults when unset)
 * and every rule of its tone sections, each with its section's title for context.
 */
export async function loadVoice(db: Kysely<DB>, teamId: string, model: string): Promise<VoiceContext> {
  const [team, sections] = await Promise.all([selectTeamVoice(db, teamId), selectToneRules(db, teamId)]);
  return {
    teamId,
    productContext: team.tov_product_context ?? DEFAULT_PRODUCT_CONTEXT,
    brandTone: team.tov_tone ?? DEFAULT_TONE,
    toneRules: sections.flatMap((section) => section.rules.map((rule) => `${section.title}: ${rule}`)),
    model,
  };
}
