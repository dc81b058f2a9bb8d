import { toneContract } from "../../shared/contract/tone.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ToneService } from "./service.ts";

/** A team's tone of voice, as `toneContract` declares it; the service checks each permission. */
export function toneRoutes(tone: ToneService) {
  return contractRoutes(toneContract, {
    settings: ({ params }, c) => tone.settings(c.var.user.id, params.teamId),
    updateSettings: ({ params, body }, c) => tone.updateSettings(c.var.user.id, params.teamId, body),
    listSections: async ({ params }, c) => ({
      sections: await tone.listSections(c.var.user.id, params.teamId),
    }),
    createSection: ({ params, body }, c) => tone.createSection(c.var.user.id, params.teamId, body),
    updateSection: ({ params, body }, c) => tone.updateSection(c.var.user.id, params.id, body),
    removeSection: ({ params }, c) => tone.removeSection(c.var.user.id, params.id),
  });
}
