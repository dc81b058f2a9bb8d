import { z } from "zod";
import {
  createToneSectionBodySchema,
  toneSectionListSchema,
  toneSectionSchema,
  toneSettingsSchema,
  updateToneSectionBodySchema,
  updateToneSettingsBodySchema,
} from "../schemas/tone.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint } from "./route.ts";

const tone = endpoint.route({ tags: ["Tone of voice"] });
const inTeam = z.object({ params: pathParams("teamId") });
const section = z.object({ params: pathParams("id") });

/**
 * A team's tone of voice: product context, brand tone and custom sections, used by the AI prompts.
 * A team (or a section of a team) the caller is not in is 404; a role that may not change it is 403.
 */
export const toneContract = {
  settings: tone
    .route({
      method: "GET",
      path: "/teams/{teamId}/tone",
      summary: "The team's product context and brand tone (null when not written)",
    })
    .errors(changing)
    .input(inTeam)
    .output(toneSettingsSchema),
  updateSettings: tone
    .route({
      method: "PUT",
      path: "/teams/{teamId}/tone",
      summary: "Set the product context and/or brand tone (trimmed; empty is stored as null)",
    })
    .errors(changing)
    .input(inTeam.extend({ body: updateToneSettingsBodySchema }))
    .output(toneSettingsSchema),
  listSections: tone
    .route({
      method: "GET",
      path: "/teams/{teamId}/tone/sections",
      summary: "The team's custom tone sections, in order",
    })
    .errors(changing)
    .input(inTeam)
    .output(toneSectionListSchema),
  createSection: tone
    .route({
      method: "POST",
      path: "/teams/{teamId}/tone/sections",
      successStatus: 201,
      successDescription: "Created",
      summary: "Add a section (titled 'Untitled Section' unless given a title)",
    })
    .errors(changing)
    .input(inTeam.extend({ body: createToneSectionBodySchema }))
    .output(toneSectionSchema),
  updateSection: tone
    .route({
      method: "PATCH",
      path: "/tone/sections/{id}",
      summary: "Change a section's title, description and/or rules (rules trimmed, blank ones dropped)",
    })
    .errors(changing)
    .input(section.extend({ body: updateToneSectionBodySchema }))
    .output(toneSectionSchema),
  removeSection: tone
    .route({
      method: "DELETE",
      path: "/tone/sections/{id}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a section",
    })
    .errors(changing)
    .input(section),
};
