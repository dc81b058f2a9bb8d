import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  createToneSectionBodySchema,
  toneSectionListSchema,
  toneSectionSchema,
  toneSettingsSchema,
  updateToneSectionBodySchema,
  updateToneSettingsBodySchema,
} from "../../shared/schemas/tone.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { ToneService } from "./service.ts";

const tags = ["Tone of voice"];
const guarded = { 400: problems[400], 401: problems[401], 403: problems[403], 404: problems[404] };

export function toneRoutes(tone: ToneService) {
  return new Hono<AppEnv>()
    .get(
      "/teams/:teamId/tone",
      describeRoute({
        tags,
        summary: "The team's product context and brand tone (null when not written)",
        responses: { 200: ok(toneSettingsSchema), ...guarded },
      }),
      async (c) => c.json(await tone.settings(c.var.user.id, c.req.param("teamId"))),
    )
    .put(
      "/teams/:teamId/tone",
      describeRoute({
        tags,
        summary: "Set the product context and/or brand tone (trimmed; empty is stored as null)",
        responses: { 200: ok(toneSettingsSchema), ...guarded },
      }),
      jsonBody(updateToneSettingsBodySchema),
      async (c) =>
        c.json(await tone.updateSettings(c.var.user.id, c.req.param("teamId"), c.req.valid("json"))),
    )
    .get(
      "/teams/:teamId/tone/sections",
      describeRoute({
        tags,
        summary: "The team's custom tone sections, in order",
        responses: { 200: ok(toneSectionListSchema), ...guarded },
      }),
      async (c) => c.json({ sections: await tone.listSections(c.var.user.id, c.req.param("teamId")) }),
    )
    .post(
      "/teams/:teamId/tone/sections",
      describeRoute({
        tags,
        summary: "Add a section (titled 'Untitled Section' unless given a title)",
        responses: { 201: ok(toneSectionSchema, "Created"), ...guarded },
      }),
      jsonBody(createToneSectionBodySchema),
      async (c) =>
        c.json(await tone.createSection(c.var.user.id, c.req.param("teamId"), c.req.valid("json")), 201),
    )
    .patch(
      "/tone/sections/:id",
      describeRoute({
        tags,
        summary: "Change a section's title, description and/or rules (rules trimmed, blank ones dropped)",
        responses: { 200: ok(toneSectionSchema), ...guarded },
      }),
      jsonBody(updateToneSectionBodySchema),
      async (c) => c.json(await tone.updateSection(c.var.user.id, c.req.param("id"), c.req.valid("json"))),
    )
    .delete(
      "/tone/sections/:id",
      describeRoute({
        tags,
        summary: "Delete a section",
        responses: { 204: { description: "Deleted" }, ...guarded },
      }),
      async (c) => {
        await tone.removeSection(c.var.user.id, c.req.param("id"));
        return c.body(null, 204);
      },
    );
}
