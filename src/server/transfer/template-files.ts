import type { Kysely } from "kysely";
import type { FormatId } from "../../shared/formats/types.ts";
import type { FileTemplate } from "../../shared/schemas/file-templates.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { errors } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Access } from "../teams/access.ts";
import { deleteTemplate, selectTemplateFile, selectTemplateList } from "./queries.ts";
import type { FileShape } from "./template-base.ts";

/**
 * Project Settings → Files (issue 33): the uploaded files kept as templates of the project's exports
 * (`file_templates`, written by `saveTemplate` in template-store.ts), listed, downloaded as they were
 * uploaded, and forgotten. Who may export may see them (`keys.manage`, as export-service checks).
 * A file is looked up within the project of the path, so another project's file id answers exactly
 * as an id of nothing does ("File not found"), and an outsider gets the project's 404 first.
 */

/** A kept file's bytes and what its download is named and typed by. */
export interface OriginalFile {
  path: string;
  format: FormatId;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The media type a download of each format is served as; anything else is octet-stream. */
const MEDIA_TYPES: Partial<Record<string, string>> = {
  json: "application/json",
  arb: "application/json",
  xml: "application/xml",
  stringsdict: "application/xml",
  xliff: "application/xml",
  xliff2: "application/xml",
  // `.strings` files are UTF-8 or UTF-16 and PO files name their charset: no charset is claimed.
  strings: "text/plain",
  po: "text/plain",
  csv: "text/csv",
  yaml: "application/yaml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * Whether a JSON file wrote its keys as nested objects, as `shapeOf` read it at upload; null for
 * other formats. The Export dialog starts from it (issue 34).
 */
function nestedOf(format: string, shape: FileShape | string): boolean | null {
  if (format !== "json") return null;
  const parsed: FileShape = typeof shape === "string" ? (JSON.parse(shape) as FileShape) : shape;
  return parsed.nested === true;
}

export function mediaTypeOf(format: string): string {
  return MEDIA_TYPES[format] ?? "application/octet-stream";
}

export function createTemplateFileService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: Pick<EventBus, "publish">;
}) {
  const { db, access, events } = deps;
  const allowed = (userId: string, projectId: string) => access.project(userId, projectId, "keys.manage");

  return {
    /** By path, then language (then format, for two formats of one name: XLIFF 1.2 and 2.0). */
    async list(userId: string, projectId: string): Promise<FileTemplate[]> {
      await allowed(userId, projectId);
      const rows = await selectTemplateList(db, projectId);
      return rows.map((row) => ({
        id: row.id,
        format: row.format as FormatId,
        language: row.language_code,
        path: row.path,
        namespace: row.namespace,
        size: row.size,
        sha256: row.sha256,
        nested: nestedOf(row.format, row.shape),
        uploadedBy: row.email === null ? null : { name: row.name, email: row.email },
        uploadedAt: isoDate(row.uploaded_at),
      }));
    },

    /** The bytes as they were uploaded. */
    async original(userId: string, projectId: string, id: string): Promise<OriginalFile> {
      await allowed(userId, projectId);
      const row = await selectTemplateFile(db, projectId, id);
      if (!row) throw errors.notFound("File");
      return {
        path: row.path,
        format: row.format as FormatId,
        // A copy with an ArrayBuffer of its own, as an answer's body takes it.
        bytes: new Uint8Array(row.bytes),
      };
    },

    /**
     * Forgets the file: exports and pulls in its format are written from the project's strings
     * again, until the next upload of that file is kept. `project.updated` tells the pull API's
     * caches (its ETag counts the kept files), so a CI pull after this gets the new rendering, not
     * a 304, and open screens refresh.
     */
    async remove(userId: string, projectId: string, id: string): Promise<void> {
      const { project } = await allowed(userId, projectId);
      const removed = await db.transaction().execute(async (trx) => {
        const row = await deleteTemplate(trx, projectId, id);
        if (!row) return false;
        await recordActivity(trx, {
          teamId: project.team_id,
          projectId,
          userId,
          kind: "file.removed",
          languages: row.language_code === "*" ? [] : [row.language_code],
          details: { fileName: row.path, format: row.format, language: row.language_code },
        });
        return true;
      });
      if (!removed) throw errors.notFound("File");
      await events.publish(projectId, [{ type: "project.updated", data: { projectId } }]);
    },
  };
}

export type TemplateFileService = ReturnType<typeof createTemplateFileService>;
