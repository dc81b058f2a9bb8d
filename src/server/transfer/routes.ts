import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { exportBodySchema, importOptionsSchema, importResultSchema } from "../../shared/schemas/transfer.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { ExportService } from "./export-service.ts";
import type { ImportService } from "./import-service.ts";

const tags = ["Import and export"];

const flag = (value: unknown, fallback: boolean) =>
  value === undefined || value === "" ? fallback : value === "true" || value === "on" || value === "1";

export function transferRoutes(
  services: { imports: ImportService; exports: ExportService },
  maxUploadMb: number,
) {
  return new Hono<AppEnv>()
    .post(
      "/projects/:projectId/import",
      describeRoute({
        tags,
        summary: "Import a translation file (multipart: file, language, options)",
        description:
          "Fields: `file`; `language` (the language the file holds, e.g. guessed from its name); optional `format` (else from the extension); `overwriteExisting` (false), `flattenNestedKeys` (true), `resetLanguageList` (false). Keys, languages and strings are written in one transaction (history origin import): a file that cannot be read changes nothing.",
        responses: {
          200: ok(importResultSchema),
          400: problems[400],
          401: problems[401],
          403: problems[403],
          404: problems[404],
          413: { description: `The file is larger than MAX_UPLOAD_MB (${maxUploadMb} MB)` },
        },
      }),
      async (c) => {
        const form = await c.req.parseBody().catch(() => {
          throw new AppError("validation_failed", "Missing data or language selection");
        });
        const file = form.file;
        if (!(file instanceof File))
          throw new AppError("validation_failed", "Missing data or language selection");
        const options = importOptionsSchema.safeParse({
          language: typeof form.language === "string" ? form.language : "",
          format: typeof form.format === "string" && form.format !== "" ? form.format : undefined,
          overwriteExisting: flag(form.overwriteExisting, false),
          flattenNestedKeys: flag(form.flattenNestedKeys, true),
          resetLanguageList: flag(form.resetLanguageList, false),
        });
        if (!options.success) {
          throw new AppError(
            "validation_failed",
            options.error.issues[0]?.message ?? "Missing data or language selection",
          );
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(
          await services.imports.importFile(
            c.var.user.id,
            c.req.param("projectId"),
            { name: file.name, bytes },
            options.data,
          ),
        );
      },
    )
    .post(
      "/projects/:projectId/export",
      describeRoute({
        tags,
        summary: "Export translations as translations-{projectId}.zip",
        responses: {
          200: { description: "application/zip", content: { "application/zip": {} } },
          400: problems[400],
          401: problems[401],
          404: problems[404],
        },
      }),
      jsonBody(exportBodySchema),
      async (c) => {
        const zip = await services.exports.exportZip(
          c.var.user.id,
          c.req.param("projectId"),
          c.req.valid("json"),
        );
        return c.body(zip.bytes.slice().buffer, 200, {
          "content-type": "application/zip",
          "content-disposition": `attachment; filename="${zip.fileName}"`,
        });
      },
    );
}
