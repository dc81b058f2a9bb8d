import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute, resolver } from "hono-openapi";
import {
  API_KEY_HEADER,
  PULL_ALIAS_PATH,
  PULL_FORMATS,
  PULL_PLACEHOLDER_FORMATS,
  type PullBody,
  pullBodySchema,
} from "../../shared/schemas/pull.ts";
import type { ApiKeyRow } from "../api-keys/service.ts";
import { AppError } from "../errors.ts";
import { problems } from "../http/openapi.ts";
import { parseJsonText } from "../http/validate.ts";
import type { ClientHolds, PullService } from "./service.ts";

type PullEnv = { Variables: { apiKey: ApiKeyRow } };

/** The canonical path under /api, and the spec's compatible alias at the root (spec point 7). */
export const PULL_PATH = "/v1/pull";

const MAX_BODY_BYTES = 16 * 1024;

const fileContent = {
  "application/json": { schema: { type: "string" as const, description: "format json, one language" } },
  "text/plain": { schema: { type: "string" as const, description: "format strings, one language" } },
  "application/xml": { schema: { type: "string" as const, description: "format android, one language" } },
  "application/zip": {
    schema: { type: "string" as const, format: "binary", description: "no language: translations.zip" },
  },
};

async function readBody(c: Context): Promise<PullBody> {
  return parseJsonText(await c.req.text(), pullBodySchema);
}

/** The ETags of `If-None-Match` (weak or strong, a list of them, or `*` for any) as a question. */
export function clientHoldsOf(ifNoneMatch: string | undefined): ClientHolds {
  if (!ifNoneMatch) return () => false;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return (etag) => tags.some((tag) => tag === "*" || tag === etag);
}

/**
 * `POST {path}` with the project API key in `x-api-key`. Authorized by the key, not a session
 * cookie, so it is mounted before the session API's origin check: CI sends no Origin, and a
 * foreign Origin cannot borrow anyone's cookie here.
 */
export function pullRoutes(pull: PullService, path: string = PULL_PATH) {
  return new Hono<PullEnv>().post(
    path,
    describeRoute({
      tags: ["Pull API"],
      summary: "Pull the project's translations (CI/CD)",
      description: [
        `Authorized by a project API key in the \`${API_KEY_HEADER}\` header (Project Settings → API Access), not a session.`,
        `\`format\`: ${PULL_FORMATS.join(", ")}; \`placeholderFormat\`: ${PULL_PLACEHOLDER_FORMATS.join(", ")}; \`language\` optional.`,
        "With `language`: that language's file itself. Without: `translations.zip` with every language of the project.",
        "Answers carry an `ETag`; send it back as `If-None-Match` to get 304 until the project changes.",
        `Also at \`POST ${PULL_ALIAS_PATH}\` (compatible alias). Rate limit: 60 requests a minute per key.`,
      ].join("\n\n"),
      parameters: [
        { name: API_KEY_HEADER, in: "header", required: true, schema: { type: "string" } },
        { name: "if-none-match", in: "header", required: false, schema: { type: "string" } },
      ],
      requestBody: { required: true, content: { "application/json": { schema: resolver(pullBodySchema) } } },
      responses: {
        200: { description: "The file, or translations.zip", content: fileContent },
        304: { description: "Not modified since the ETag in If-None-Match" },
        400: problems[400],
        401: { ...problems[401], description: "Missing, unknown or revoked API key" },
        403: { ...problems[403], description: "The API key lacks the pull scope" },
        429: problems[429],
      },
    }),
    // The key first: without a valid one nothing about the request is looked at.
    async (c, next) => {
      c.set("apiKey", await pull.authorize(c.req.header(API_KEY_HEADER), "pull"));
      await next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "Request body too large");
      },
    }),
    async (c) => {
      const body = await readBody(c);
      const answer = await pull.pull(c.var.apiKey, body, clientHoldsOf(c.req.header("if-none-match")));
      c.header("etag", answer.etag);
      c.header("cache-control", "private, no-cache");
      if (answer.kind === "not-modified") return c.body(null, 304);
      c.header("content-type", answer.contentType);
      c.header("content-disposition", `attachment; filename="${answer.fileName}"`);
      return c.body(answer.bytes as Uint8Array<ArrayBuffer>, 200);
    },
  );
}

/** The CLI as one file (Node 20+ built-ins only), so CI can fetch it without installing anything. */
export const CLI_PATH = "/cli/sprog.mjs";
const cliFile = fileURLToPath(new URL("../../../bin/sprog.mjs", import.meta.url));

export function cliRoutes() {
  return new Hono().get(CLI_PATH, async (c) => {
    const script = await readFile(cliFile, "utf8").catch(() => {
      throw new AppError("not_found", "The command-line client is not part of this installation");
    });
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "no-cache");
    return c.body(script);
  });
}
