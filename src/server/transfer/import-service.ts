import { type Kysely, sql } from "kysely";
import { formatForFileName } from "../../shared/formats/file-language.ts";
import { formatById } from "../../shared/formats/registry.ts";
import { FormatError, type FormatId, type ParsedFile } from "../../shared/formats/types.ts";
import { canonicalLanguage } from "../../shared/languages.ts";
import type { ImportOptions, ImportResult } from "../../shared/schemas/transfer.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { writeStrings } from "../strings/string-writer.ts";
import type { Access } from "../teams/access.ts";
import { collectImport } from "./import-entries.ts";
import { insertKeysInFileOrder, writeFileMeta, writeKeyMeta } from "./import-writes.ts";

/** Formats whose files say a string's state (PO fuzzy, XLIFF state, Android fuzzy="true"). */
const STATEFUL_FORMATS: ReadonlySet<FormatId> = new Set(["po", "xliff", "xliff2", "xml"]);

/** Warnings kept in the answer; the count covers all of them. */
const MAX_WARNINGS_SHOWN = 50;

/**
 * Import (spec points 2, 4, 5; issue 5): the file is parsed by the format registry, then keys,
 * languages and strings are written in ONE transaction with bulk statements, through the string
 * writer (history origin `import`). A file that cannot be read changes nothing.
 */
export function createImportService(deps: { db: Kysely<DB>; access: Access; events: EventBus }) {
  const { db, access, events } = deps;

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
      let parsed: ParsedFile;
      try {
        parsed = await formatById(formatId).parse(file.bytes, {
          language,
          sourceLanguage: project.source_language,
          flattenNestedKeys: options.flattenNestedKeys,
        });
      } catch (error) {
        if (error instanceof FormatError) {
          // The spec's own text for bad JSON stands alone; other formats say what went wrong.
          const message = error.message.startsWith("Invalid JSON file")
            ? error.message
            : `Error processing file: ${error.message}`;
          throw new AppError("validation_failed", message);
        }
        throw error;
      }

      const collected = collectImport(parsed, formatId, project.source_language);
      const { strings, keys: allKeys, warnings } = collected;
      const fileLanguages = [...strings.keys()].filter((code) => (strings.get(code)?.size ?? 0) > 0);
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
        const changes = fileLanguages.flatMap((code) =>
          [...(strings.get(code) ?? [])].flatMap(([key, string]) => {
            const keyId = idOf.get(key);
            return keyId
              ? [{ keyId, projectId, language: code, value: string.value, state: string.state }]
              : [];
          }),
        );
        const history = { origin: "import" as const, userId, keepState: !STATEFUL_FORMATS.has(formatId) };
        const written = await writeStrings(
          trx,
          changes.filter((change) => change.value !== ""),
          { ...history, onlyIfEmpty: !options.overwriteExisting },
        );
        // An empty string in the file is kept as a value, but never empties a cell that has text.
        await writeStrings(
          trx,
          changes.filter((change) => change.value === ""),
          { ...history, onlyIfEmpty: true },
        );
        return { keysAdded: added, translationsAdded: written.length };
      });
      await events.publish(projectId, [{ type: "project.updated", data: { projectId } }]);
      return {
        ...result,
        languagesAdded,
        errors: warnings.length,
        warnings: warnings.slice(0, MAX_WARNINGS_SHOWN),
      };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
