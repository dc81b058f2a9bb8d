import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  completionSchema,
  createProjectBodySchema,
  projectListSchema,
  projectSchema,
  setLanguagesBodySchema,
  updateProjectBodySchema,
} from "../../shared/schemas/projects.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { ProjectService } from "./service.ts";

const tags = ["Projects"];
const guarded = { 400: problems[400], 401: problems[401], 403: problems[403], 404: problems[404] };

export function projectRoutes(projects: ProjectService) {
  return new Hono<AppEnv>()
    .get(
      "/teams/:teamId/projects",
      describeRoute({
        tags,
        summary: "The team's projects, by name",
        responses: { 200: ok(projectListSchema), ...guarded },
      }),
      async (c) => c.json({ projects: await projects.list(c.var.user.id, c.req.param("teamId")) }),
    )
    .post(
      "/teams/:teamId/projects",
      describeRoute({
        tags,
        summary: "Create a project (languages ['en'], kind web)",
        responses: { 201: ok(projectSchema, "Created"), ...guarded },
      }),
      jsonBody(createProjectBodySchema),
      async (c) =>
        c.json(await projects.create(c.var.user.id, c.req.param("teamId"), c.req.valid("json")), 201),
    )
    .patch(
      "/projects/:id",
      describeRoute({
        tags,
        summary: "Rename, or change the placeholder format",
        responses: { 200: ok(projectSchema), ...guarded },
      }),
      jsonBody(updateProjectBodySchema),
      async (c) => c.json(await projects.update(c.var.user.id, c.req.param("id"), c.req.valid("json"))),
    )
    .delete(
      "/projects/:id",
      describeRoute({
        tags,
        summary: "Delete a project with its keys and strings",
        responses: { 204: { description: "Deleted" }, ...guarded },
      }),
      async (c) => {
        await projects.remove(c.var.user.id, c.req.param("id"));
        return c.body(null, 204);
      },
    )
    .put(
      "/projects/:id/languages",
      describeRoute({
        tags,
        summary: "Set the ordered language list (add, remove, reorder)",
        description:
          "The source language stays; codes are unique and from the catalogue. Strings of a removed language are kept.",
        responses: { 200: ok(projectSchema), ...guarded },
      }),
      jsonBody(setLanguagesBodySchema),
      async (c) =>
        c.json(await projects.setLanguages(c.var.user.id, c.req.param("id"), c.req.valid("json").languages)),
    )
    .get(
      "/projects/:id/completion",
      describeRoute({
        tags,
        summary: "Completion per language",
        responses: { 200: ok(completionSchema), ...guarded },
      }),
      async (c) => c.json({ languages: await projects.completion(c.var.user.id, c.req.param("id")) }),
    );
}
