import type { Kysely } from "kysely";
import { formatForFileName } from "../../shared/formats/file-language.ts";
import { namespaceOfPath } from "../../shared/formats/file-namespace.ts";
import { canonicalLanguage } from "../../shared/languages.ts";
import type { ImportOptions, ImportResult } from "../../shared/schemas/transfer.ts";
import { publishActivity } from "../activity/publish.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Access } from "../teams/access.ts";
import { fileLanguageOf } from "./export-files.ts";
import { type FormatRunner, inProcessFormats } from "./format-workers.ts";
import { qualifiedWarning, writeParsedImport } from "./import-writes.ts";
import { setProjectLanguages } from "./queries.ts";
import { saveTemplate } from "./template-store.ts";

/** Warnings kept in the answer; the count covers all of them. */
const MAX_WARNINGS_SHOWN = 50;

/**
 * Import (spec points 2, 4, 5; issue 5): the file is parsed by the format registry, then keys,
 * languages and strings are written in ONE transaction with bulk statements, through the string
 * writer (history origin `import`). A file that cannot be read changes nothing.
 */
export function createImportService(deps: {
  db: Kysely<DB>;
  /** Where the import's transaction runs (Database.bulk). */
  bulk: Kysely<DB>;
  access: Access;
  events: EventBus;
  formats?: FormatRunner;
}) {
  const { bulk, access, events, formats = inProcessFormats } = deps;

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
          ...(options.columns === undefined ? {} : { columns: options.columns }),
        },
        sourceLanguage: project.source_language,
      });
      const warnings = [...collected.warnings];
      const namespace = options.namespace ?? namespaceOfPath(file.name, language);
      const fileLanguages = collected.languages.map((strings) => strings.code);
      if (fileLanguages.length === 0) {
        throw new AppError("validation_failed", "Error processing file: it holds no strings to import");
      }

      const languagesBefore = project.languages;
      const languagesAfter = options.resetLanguageList
        ? [project.source_language, ...fileLanguages.filter((c) => c !== project.source_language)]
        : [...languagesBefore, ...fileLanguages.filter((c) => !languagesBefore.includes(c))];
      const languagesAdded = languagesAfter.filter((c) => !languagesBefore.includes(c)).length;

      const result = await bulk.transaction().execute(async (trx) => {
        if (languagesAfter.join(",") !== languagesBefore.join(",")) {
          await setProjectLanguages(trx, projectId, languagesAfter);
        }
        const written = await writeParsedImport(trx, projectId, formatId, collected, {
          origin: "import",
          userId,
          overwriteExisting: options.overwriteExisting,
          namespace,
        });
        warnings.push(...qualifiedWarning(namespace, written.qualified));
        const templateLanguage = fileLanguageOf(formatId, fileLanguages, project.source_language);
        if (templateLanguage) {
          await saveTemplate(trx, {
            projectId,
            format: formatId,
            language: templateLanguage,
            namespace,
            path: file.name,
            bytes: file.bytes,
            parse: {
              language,
              flattenNestedKeys: options.flattenNestedKeys,
              ...(options.columns === undefined ? {} : { columns: options.columns }),
            },
            fingerprints: collected.fingerprints,
            shape: collected.shape,
            userId,
          });
        }
        let translationsAdded = 0;
        for (const count of written.writtenByLanguage.values()) translationsAdded += count;
        const recorded = await recordActivity(trx, {
          teamId: project.team_id,
          projectId,
          userId,
          kind: "strings.imported",
          count: translationsAdded,
          languages: fileLanguages,
          details: {
            fileName: file.name,
            format: formatId,
            keysAdded: written.keysAdded,
            languagesAdded,
            ...(namespace === "" ? {} : { namespace }),
          },
        });
        return { keysAdded: written.keysAdded, translationsAdded, recorded };
      });
      const { recorded, ...counts } = result;
      await events.publish(projectId, [
        { type: "project.updated", data: { projectId } },
        { type: "import.completed", data: { ...counts, languagesAdded, languages: fileLanguages } },
      ]);
      await publishActivity(deps, [recorded]);
      return {
        ...counts,
        languagesAdded,
        // What the file lost; keys kept under another name (`auth:title`) lost nothing.
        errors: collected.warnings.length,
        warnings: warnings.slice(0, MAX_WARNINGS_SHOWN),
      };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
