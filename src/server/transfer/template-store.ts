import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { FormatId } from "../../shared/formats/types.ts";
import type { TemplateParseOptions } from "../db/column-types.ts";
import type { DB } from "../db/schema.ts";
import type { ProjectRow } from "../teams/access.ts";
import { deleteTemplateOf, selectTemplateBytes, selectTemplates, upsertTemplate } from "./queries.ts";
import type { FileShape } from "./template-base.ts";
import type { TemplateInput } from "./template-render.ts";

/**
 * The uploaded files kept as templates (issue 33, `file_templates`): written by every import and
 * push of a file, in its transaction, so a template always matches what that upload wrote; read
 * by export and pull, listed and downloaded from the project's settings.
 */

/**
 * Files larger than this are not kept: rendering on a template reads it whole next to the
 * project's file, and a file this large is a generated one, not one a team edits by hand.
 */
export const TEMPLATE_MAX_BYTES = 16 * 1024 * 1024;

export interface SavedTemplate {
  projectId: string;
  format: FormatId;
  /** See `fileLanguageOf`. */
  language: string;
  /** The file's namespace (`namespaceOfPath`); `""`: the language's one file. */
  namespace: string;
  /** The file's name as uploaded. */
  path: string;
  bytes: Uint8Array;
  parse: TemplateParseOptions;
  /** See `fileFingerprints` (template-base.ts). */
  fingerprints: Record<string, string>;
  /** See `shapeOf` (template-base.ts). */
  shape: FileShape;
  userId: string | null;
}

/** Keeps the file as its language's template in this format, in place of the one before. */
export async function saveTemplate(trx: Kysely<DB>, template: SavedTemplate): Promise<void> {
  if (template.bytes.length > TEMPLATE_MAX_BYTES) {
    // The old template no longer describes the file the team has: it goes.
    await deleteTemplateOf(trx, template);
    return;
  }
  const row = {
    project_id: template.projectId,
    format: template.format,
    language_code: template.language,
    namespace: template.namespace,
    path: template.path,
    bytes: Buffer.from(template.bytes),
    size: template.bytes.length,
    sha256: createHash("sha256").update(template.bytes).digest("hex"),
    parse_options: JSON.stringify(template.parse) as unknown as TemplateParseOptions,
    fingerprints: JSON.stringify(template.fingerprints) as unknown as Record<string, string>,
    shape: JSON.stringify(template.shape) as unknown as FileShape,
    uploaded_by: template.userId,
  };
  await upsertTemplate(trx, row);
}

/** Where a template is found among `templatesOf`'s: its file language and namespace. */
export function templateSlot(language: string, namespace: string): string {
  return JSON.stringify([language, namespace]);
}

/**
 * Template bytes this process read lately, by id and hash (a new upload of the file is another
 * hash): an export or pull of an unchanged project answers with the file itself, and reading its
 * megabytes from the database again (hex on the wire) took a fifth of such an export. At most
 * TEMPLATE_CACHE_BYTES, the least recently used going first.
 */
const TEMPLATE_CACHE_BYTES = 64 * 1024 * 1024;
const bytesCache = new Map<string, Uint8Array>();
let cachedBytes = 0;

function cachedTemplate(id: string, sha256: string): Uint8Array | undefined {
  const key = `${id}:${sha256}`;
  const bytes = bytesCache.get(key);
  if (bytes) {
    bytesCache.delete(key);
    bytesCache.set(key, bytes);
  }
  return bytes;
}

function cacheTemplate(id: string, sha256: string, bytes: Uint8Array): void {
  if (bytes.length > TEMPLATE_CACHE_BYTES / 4) return;
  const key = `${id}:${sha256}`;
  if (bytesCache.has(key)) return;
  bytesCache.set(key, bytes);
  cachedBytes += bytes.length;
  for (const [oldest, old] of bytesCache) {
    if (cachedBytes <= TEMPLATE_CACHE_BYTES) break;
    bytesCache.delete(oldest);
    cachedBytes -= old.length;
  }
}

/**
 * The project's templates in one format, by `templateSlot`, ready for the format worker. Their
 * bytes are read only where this process does not hold them already.
 */
export async function templatesOf(
  db: Kysely<DB>,
  project: ProjectRow,
  format: FormatId,
  /** The file languages the export writes (`fileLanguageOf`): only their files are read. */
  languages: readonly string[],
  /** The namespaces it writes; undefined: all there are. */
  namespaces?: readonly string[],
): Promise<Map<string, TemplateInput>> {
  if (languages.length === 0 || namespaces?.length === 0) return new Map();
  const rows = await selectTemplates(db, project.id, format, languages, namespaces);
  const missing = rows.filter((row) => !cachedTemplate(row.id, row.sha256));
  if (missing.length > 0) {
    const read = await selectTemplateBytes(
      db,
      missing.map((row) => row.id),
    );
    for (const row of read) {
      cacheTemplate(
        row.id,
        row.sha256,
        new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
      );
    }
  }
  return new Map(
    rows.flatMap((row) => {
      const bytes = cachedTemplate(row.id, row.sha256);
      // A file replaced or removed between the two reads: rendered as without one.
      if (!bytes) return [];
      return [
        [
          templateSlot(row.language_code, row.namespace),
          {
            bytes,
            sha256: row.sha256,
            parse: { ...jsonOf(row.parse_options), sourceLanguage: project.source_language },
            fingerprints: jsonOf(row.fingerprints),
            shape: jsonOf(row.shape),
          },
        ],
      ];
    }),
  );
}

/** A jsonb column, parsed by node-postgres or not. */
function jsonOf<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
