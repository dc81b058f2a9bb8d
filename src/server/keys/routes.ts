import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  createKeyBodySchema,
  keyListSchema,
  keyPageQuerySchema,
  keyRowSchema,
  updateKeyBodySchema,
} from "../../shared/schemas/keys.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonWithLongList } from "../http/json-stream.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody, queryParams } from "../http/validate.ts";
import type { KeyService } from "./service.ts";

const tags = ["Keys"];
const guarded = { 400: problems[400], 401: problems[401], 403: problems[403], 404: problems[404] };
const conflict = { 409: { description: "A key with this name already exists in this project" } };
export function keyRoutes(keys: KeyService) {
  return new Hono<AppEnv>()
    .get(
      "/projects/:id/keys",
      describeRoute({
        tags,
        summary: "All keys with their strings, ordered by key",
        description:
          "`?languages=en,de` limits the strings to those languages (default: all). `limit` and `after` page through keys in order; `next` is the `after` of the next page.",
        responses: { 200: ok(keyListSchema), ...guarded },
      }),
      queryParams(keyPageQuerySchema),
      async (c) => {
        const { languages, limit, after } = c.req.valid("query");
        const page = await keys.list(c.var.user.id, c.req.param("id"), {
          languages: languages?.split(",").filter(Boolean),
          ...(limit ? { limit } : {}),
          ...(after !== undefined ? { after } : {}),
        });
        return jsonWithLongList(c, "keys", page.keys, { next: page.next });
      },
    )
    .post(
      "/projects/:id/keys",
      describeRoute({
        tags,
        summary: "Add a key, optionally with its source string",
        responses: { 201: ok(keyRowSchema, "Created"), ...guarded, ...conflict },
      }),
      jsonBody(createKeyBodySchema),
      async (c) => c.json(await keys.create(c.var.user.id, c.req.param("id"), c.req.valid("json")), 201),
    )
    .patch(
      "/keys/:keyId",
      describeRoute({
        tags,
        summary: "Rename a key or change its description, tags, max length or translatable flag",
        responses: { 200: ok(keyRowSchema), ...guarded, ...conflict },
      }),
      jsonBody(updateKeyBodySchema),
      async (c) => c.json(await keys.update(c.var.user.id, c.req.param("keyId"), c.req.valid("json"))),
    )
    .delete(
      "/keys/:keyId",
      describeRoute({
        tags,
        summary: "Delete a key with its strings",
        responses: { 204: { description: "Deleted" }, ...guarded },
      }),
      async (c) => {
        await keys.remove(c.var.user.id, c.req.param("keyId"));
        return c.body(null, 204);
      },
    );
}
