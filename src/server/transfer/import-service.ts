import { type Kysely, sql } from "kysely";
import { formatForFileName } from "../../shared/formats/file-language.ts";
import type { FormatId } from "../../shared/formats/types.ts";
import { canonicalLanguage } from "../../shared/languages.ts";
import type { ImportOptions, ImportResult } from "../../shared/schemas/transfer.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { type StringChange, writeStrings } from "../strings/string-writer.ts";
import type { Access } from "../teams/access.ts";
import type { ParsedImport } from "./format-jobs.ts";
import { type FormatRunner, inProcessFormats } from "./format-workers.ts";
import {
  IMPORT_ROWS_PER_STATEMENT,
  insertKeysInFileOrder,
  writeFileMeta,
  writeKeyMeta,
} from "./import-writes.ts";

/** Formats whose files say a string's state (PO fuzzy, XLIFF state, Android fuzzy="true"). */
const STATEFUL_FORMATS: ReadonlySet<FormatId> = new Set(["po", "xliff", "xliff2", "xml"]);

/** Warnings kept in the answer; the count covers all of them. */
const MAX_WARNINGS_SHOWN = 50;

/**
 * Import (spec points 2, 4, 5; issue 5): the file is parsed by the format registry, then keys,
 * languages and strings are written in ONE transaction with bulk statements, through the string
 * writer (history origin `import`). A file that cannot be read changes nothing.
 */
export function createImportService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  formats?: FormatRunner;
}) {
  const { db, access, events, formats = inProcessFormats } = deps;

  return {
    async importFile(
      userId: string,
      projectId: string,
      file: { name: string; bytes: Uint8Array },
      options: ImportOptions,
    ): Promise<ImportResult> {
      const { project } = await access.project(userId, projectId, "keys.manage");
      const language = canonicalLanguage(options.language);
      if (!language) throw new AppError("validation_failed", `Unknown language: ${options.language}`);
      const formatId = options.format ?? formatForFileName(file.name);
      if (!formatId) {
        throw new AppError(
          "validation_failed",
          `Error processing file: ${file.name} is not a format Sprog reads`,
        );
      }
      const collected = await formats.parseImport({
        format: formatId,
        bytes: file.bytes,
        options: {
          language,
          sourceLanguage: project.source_language,
          flattenNestedKeys: options.flattenNestedKeys,
        },
        sourceLanguage: project.source_language,
      });
      const { keys: allKeys, warnings } = collected;
      const fileLanguages = collected.languages.map((strings) => strings.code);
      if (fileLanguages.length === 0) {
        throw new AppError("validation_failed", "Error processing file: it holds no strings to import");
      }

      const languagesBefore = project.languages;
      const languagesAfter = options.resetLanguageList
        ? [project.source_language, ...fileLanguages.filter((c) => c !== project.source_language)]
        : [...languagesBefore, ...fileLanguages.filter((c) => !languagesBefore.includes(c))];
      const languagesAdded = languagesAfter.filter((c) => !languagesBefore.includes(c)).length;

      const result = await db.transaction().execute(async (trx) => {
        if (languagesAfter.join(",") !== languagesBefore.join(",")) {
          await trx
            .updateTable("projects")
            .set({ languages: languagesAfter, updated_at: sql`now()` })
            .where("id", "=", projectId)
            .execute();
        }
        const { added, idOf } = await insertKeysInFileOrder(trx, projectId, allKeys);
        await writeKeyMeta(trx, formatId, collected.keyMeta, idOf);
        await writeFileMeta(trx, projectId, formatId, collected.fileMeta);
        const history = { origin: "import" as const, userId, keepState: !STATEFUL_FORMATS.has(formatId) };
        let written = 0;
        for (const empty of [false, true]) {
          for (const changes of changeSlices(collected.languages, projectId, idOf, empty)) {
            // An empty string in the file is kept as a value, but never empties a cell that has text.
            const rows = await writeStrings(trx, changes, {
              ...history,
              onlyIfEmpty: empty || !options.overwriteExisting,
            });
            if (!empty) written += rows.length;
          }
        }
        return { keysAdded: added, translationsAdded: written };
      });
      await events.publish(projectId, [
        { type: "project.updated", data: { projectId } },
        { type: "import.completed", data: { ...result, languagesAdded, languages: fileLanguages } },
      ]);
      return {
        ...result,
        languagesAdded,
        errors: warnings.length,
        warnings: warnings.slice(0, MAX_WARNINGS_SHOWN),
      };
    },
  };
}

/**
 * The file's strings with their keys' ids, a slice at a time (empty values or the others): each
 * slice is one statement, and between statements the server answers other requests, where one
 * statement of 50,000 strings held its thread for a third of a second.
 */
function* changeSlices(
  languages: ParsedImport["languages"],
  projectId: string,
  idOf: ReadonlyMap<string, string>,
  empty: boolean,
): Generator<StringChange[]> {
  let slice: StringChange[] = [];
  for (const { code, keys, values, states } of languages) {
    for (let i = 0; i < keys.length; i++) {
      const value = values[i] ?? "";
      const keyId = idOf.get(keys[i] ?? "");
      if (!keyId || (value === "") !== empty) continue;
      slice.push({ keyId, projectId, language: code, value, state: states[i] ?? null });
      if (slice.length === IMPORT_ROWS_PER_STATEMENT) {
        yield slice;
        slice = [];
      }
    }
  }
  if (slice.length > 0) yield slice;
}

export type ImportService = ReturnType<typeof createImportService>;
