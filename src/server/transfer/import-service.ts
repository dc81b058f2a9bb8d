import { type Kysely, sql } from "kysely";
import { formatForFileName } from "../../shared/formats/file-language.ts";
import { entryToValue } from "../../shared/formats/plurals.ts";
import { formatById } from "../../shared/formats/registry.ts";
import { FormatError, type ParsedFile } from "../../shared/formats/types.ts";
import { canonicalLanguage } from "../../shared/languages.ts";
import { keyNameSchema } from "../../shared/schemas/keys.ts";
import type { ImportOptions, ImportResult } from "../../shared/schemas/transfer.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { writeStrings } from "../strings/string-writer.ts";
import type { Access } from "../teams/access.ts";

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

      const warnings = [...parsed.warnings];
      const values = new Map<string, Map<string, string>>();
      for (const [rawCode, entries] of Object.entries(parsed.languages)) {
        const code = canonicalLanguage(rawCode);
        if (!code) {
          warnings.push(`Skipped the strings of ${rawCode}: not a language Sprog knows`);
          continue;
        }
        const byKey = values.get(code) ?? new Map<string, string>();
        for (const entry of entries) {
          if (/^\d+$/.test(entry.key)) {
            warnings.push(`Skipped key "${entry.key}": numeric-only keys are not imported`);
            continue;
          }
          const checked = keyNameSchema.safeParse(entry.key);
          if (!checked.success) {
            warnings.push(`Skipped key "${entry.key.slice(0, 80)}": ${checked.error.issues[0]?.message}`);
            continue;
          }
          const value = entryToValue(entry);
          if (value === "") continue;
          byKey.set(checked.data, value);
        }
        values.set(code, byKey);
      }
      const fileLanguages = [...values.keys()].filter((code) => (values.get(code)?.size ?? 0) > 0);
      if (fileLanguages.length === 0) {
        throw new AppError("validation_failed", "Error processing file: it holds no strings to import");
      }

      const languagesBefore = project.languages;
      const languagesAfter = options.resetLanguageList
        ? [project.source_language, ...fileLanguages.filter((c) => c !== project.source_language)]
        : [...languagesBefore, ...fileLanguages.filter((c) => !languagesBefore.includes(c))];
      const languagesAdded = languagesAfter.filter((c) => !languagesBefore.includes(c)).length;
      const allKeys = [...new Set(fileLanguages.flatMap((code) => [...(values.get(code)?.keys() ?? [])]))];

      const result = await db.transaction().execute(async (trx) => {
        if (languagesAfter.join(",") !== languagesBefore.join(",")) {
          await trx
            .updateTable("projects")
            .set({ languages: languagesAfter, updated_at: sql`now()` })
            .where("id", "=", projectId)
            .execute();
        }
        const added = await sql<{ id: string; key: string }>`
          insert into translation_keys (project_id, key)
          select ${projectId}::uuid, k from unnest(${allKeys}::text[]) as t(k)
          on conflict (project_id, key) do nothing
          returning id, key
        `.execute(trx);
        const existing = await sql<{ id: string; key: string }>`
          select id, key from translation_keys
          where project_id = ${projectId} and key = any(${allKeys}::text[])
        `.execute(trx);
        const idOf = new Map(existing.rows.map((row) => [row.key, row.id]));
        const changes = fileLanguages.flatMap((code) =>
          [...(values.get(code) ?? [])].flatMap(([key, value]) => {
            const keyId = idOf.get(key);
            return keyId ? [{ keyId, projectId, language: code, value }] : [];
          }),
        );
        const written = await writeStrings(trx, changes, {
          origin: "import",
          userId,
          onlyIfEmpty: !options.overwriteExisting,
        });
        return { keysAdded: added.rows.length, translationsAdded: written.length };
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
