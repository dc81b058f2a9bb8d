import { Hono, type MiddlewareHandler } from "hono";
import { describeRoute, resolver } from "hono-openapi";
import { API_KEY_HEADER } from "../../shared/schemas/pull.ts";
import { PUSH_FIELDS, pushAnswerSchema, pushFieldsSchema } from "../../shared/schemas/push.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import type { ApiKeyRow } from "../api-keys/service.ts";
import { AppError } from "../errors.ts";
import { problem, problems } from "../http/openapi.ts";
import type { PushService } from "./service.ts";

type PushEnv = { Variables: { apiKey: ApiKeyRow } };

export const PUSH_PATH = "/v1/push";

const formSchema = {
  type: "object" as const,
  required: ["file"],
  properties: {
    file: {
      type: "string" as const,
      format: "binary",
      description: "A file of any registry format, or a .zip of several",
    },
    language: { type: "string" as const, description: "The file's language (default: from its name)" },
    format: { type: "string" as const, description: "A format id (default: from the file name)" },
    overwriteExisting: { type: "string" as const, enum: ["true", "false"], default: "false" },
    deleteMissing: { type: "string" as const, enum: ["true", "false"], default: "false" },
    tags: { type: "string" as const, description: "Comma-separated tags for the keys the push adds" },
    dryRun: { type: "string" as const, enum: ["true", "false"], default: "false" },
  },
};

/** The multipart form as the service takes it; a missing file or a bad field is a 400. */
async function readForm(request: Request) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError(
      "bad_request",
      "Send the file as multipart/form-data with the fields file, language and the options",
    );
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new AppError("validation_failed", "file is required: the file to push");
  const fields: Record<string, string> = {};
  for (const name of PUSH_FIELDS) {
    const value = form.get(name);
    if (name !== "file" && typeof value === "string") fields[name] = value;
  }
  const parsed = pushFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      "validation_failed",
      `${issue?.path.join(".") ?? "form"}: ${issue?.message ?? "Invalid"}`,
    );
  }
  return {
    upload: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    fields: parsed.data,
  };
}

/**
 * `POST /api/v1/push` with a project API key that has the push scope. Authorized by the key, not
 * a session, so it is mounted before the session API's origin check (CI sends no Origin); the
 * upload limit is the Import dialog's, checked before a byte of the body is read.
 */
export function pushRoutes(deps: { push: PushService; authorize: Authorize; bodyLimit: MiddlewareHandler }) {
  return new Hono<PushEnv>().post(
    PUSH_PATH,
    describeRoute({
      tags: ["Push API"],
      summary: "Push translation files into the project (CI/CD)",
      description: [
        `Authorized by a project API key with the \`push\` scope in the \`${API_KEY_HEADER}\` header (Project Settings → API Access).`,
        "Multipart form: `file` (any format the Import dialog reads, or a `.zip` of several: each file's language and format from its name), `language`, `format`, `overwriteExisting` (false: only fill missing strings), `deleteMissing` (source language only: delete the keys the file lacks), `tags` (comma-separated, for the keys the push adds), `dryRun` (answer what would change, change nothing).",
        "Same parser, size limit (MAX_UPLOAD_MB), single transaction and history (origin `api`) as the Import dialog: a file that cannot be read changes nothing. Rate limit: 60 requests a minute per key.",
      ].join("\n\n"),
      parameters: [{ name: API_KEY_HEADER, in: "header", required: true, schema: { type: "string" } }],
      requestBody: { required: true, content: { "multipart/form-data": { schema: formSchema } } },
      responses: {
        200: {
          description: "What was pushed (or would be, with dryRun)",
          content: { "application/json": { schema: resolver(pushAnswerSchema) } },
        },
        400: { ...problems[400], description: "A file Sprog cannot read, or a bad field: nothing changed" },
        401: { ...problems[401], description: "Missing, unknown or revoked API key" },
        403: { ...problems[403], description: "The API key lacks the push scope" },
        413: problem("The file is larger than MAX_UPLOAD_MB"),
        429: problems[429],
      },
    }),
    // The key first: without a valid one nothing about the request is looked at.
    async (c, next) => {
      c.set("apiKey", await deps.authorize(c.req.header(API_KEY_HEADER), "push"));
      await next();
    },
    deps.bodyLimit,
    async (c) => {
      const { upload, fields } = await readForm(c.req.raw);
      return c.json(await deps.push.push(c.var.apiKey, upload, fields), 200);
    },
  );
}
