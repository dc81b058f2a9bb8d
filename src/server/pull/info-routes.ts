import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { describeRoute, resolver } from "hono-openapi";
import { API_KEY_HEADER } from "../../shared/schemas/pull.ts";
import { projectKeyNamesSchema, projectStatusSchema } from "../../shared/schemas/push.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import { problems } from "../http/openapi.ts";
import type { ProjectInfo } from "./project-info.ts";

export const STATUS_PATH = "/v1/status";
export const KEY_NAMES_PATH = "/v1/keys";

const keyHeader = [
  { name: API_KEY_HEADER, in: "header" as const, required: true, schema: { type: "string" as const } },
];
const keyProblems = {
  401: { ...problems[401], description: "Missing, unknown or revoked API key" },
  403: { ...problems[403], description: "The API key lacks the pull scope" },
  429: problems[429],
};

/**
 * What `sprog status` and `sprog check` read, with a project API key that has the pull scope:
 * the project's completion per language, and every key name. Mounted before the session API's
 * origin check, as the pull API is.
 */
export function projectInfoRoutes(deps: { info: ProjectInfo; authorize: Authorize }) {
  const { info, authorize } = deps;
  return new Hono()
    .get(
      STATUS_PATH,
      describeRoute({
        tags: ["Pull API"],
        summary: "The project's completion per language (CI/CD)",
        description: `Authorized by a project API key with the \`pull\` scope in the \`${API_KEY_HEADER}\` header. Per language: keys, translated, missing, unverified (machine output no person has checked), approved (the newest current review verdict is an approval).`,
        parameters: keyHeader,
        responses: {
          200: {
            description: "Completion per language",
            content: { "application/json": { schema: resolver(projectStatusSchema) } },
          },
          ...keyProblems,
        },
      }),
      async (c) => {
        const key = await authorize(c.req.header(API_KEY_HEADER), "pull");
        c.header("cache-control", "private, no-cache");
        return c.json(await info.status(key.project_id), 200);
      },
    )
    .get(
      KEY_NAMES_PATH,
      describeRoute({
        tags: ["Pull API"],
        summary: "Every key name of the project (CI/CD)",
        description: `Authorized by a project API key with the \`pull\` scope in the \`${API_KEY_HEADER}\` header. The names in name order, for \`sprog check\` to compare with the code. Streamed: a large project's list arrives as it is read.`,
        parameters: keyHeader,
        responses: {
          200: {
            description: "Every key name",
            content: { "application/json": { schema: resolver(projectKeyNamesSchema) } },
          },
          ...keyProblems,
        },
      }),
      async (c) => {
        const key = await authorize(c.req.header(API_KEY_HEADER), "pull");
        c.header("content-type", "application/json; charset=UTF-8");
        c.header("cache-control", "private, no-cache");
        return stream(c, async (out) => {
          await out.write('{"keys":[');
          let first = true;
          for await (const page of info.keyNamePages(key.project_id)) {
            const items = JSON.stringify(page).slice(1, -1);
            await out.write(first ? items : `,${items}`);
            first = false;
            // Between pages the server answers other requests.
            await yieldToEventLoop();
          }
          await out.write("]}");
        });
      },
    );
}
