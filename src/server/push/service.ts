import type { Kysely, Transaction } from "kysely";
import { qualifiedKey } from "../../shared/formats/file-namespace.ts";
import type { FormatId } from "../../shared/formats/types.ts";
import { TAG_MAX, TAGS_MAX } from "../../shared/schemas/keys.ts";
import type { PushAnswer, PushFields } from "../../shared/schemas/push.ts";
import { publishActivity } from "../activity/publish.ts";
import { type RecordedActivity, recordActivity } from "../activity/record.ts";
import type { ApiKeyRow } from "../api-keys/service.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { fileLanguageOf } from "../transfer/export-files.ts";
import { type FormatRunner, inProcessFormats } from "../transfer/format-workers.ts";
import { qualifiedWarning, writeParsedImport } from "../transfer/import-writes.ts";
import { mergeParsedImports } from "../transfer/merge-parsed.ts";
import type { ParsedImport } from "../transfer/parse-import.ts";
import { saveTemplate } from "../transfer/template-store.ts";
import { type PushFile, pushFilesOf } from "./push-files.ts";
import {
  addTags,
  countUnfilled,
  deleteNamespaceKeysNotIn,
  selectProject,
  updateProjectLanguages,
} from "./queries.ts";

/** Reasons kept in the answer; past this many the last line says how many more there were. */
const MAX_ERRORS_SHOWN = 50;

/** A dry run's answer, thrown out of its transaction so that everything the transaction did is undone. */
class DryRun extends Error {
  constructor(readonly answer: PushAnswer) {
    super("dry run");
  }
}

type Counts = PushAnswer["languages"][number];

/**
 * The push API (issue 20): CI's files into the project, as the Import dialog imports them (the same
 * parser, one transaction for every file, the string writer's history with origin `api`), plus
 * what CI needs: tags on the keys it adds, deleting the keys the source file no longer has, and a
 * dry run that does all of it in the transaction and rolls it back, so its answer is exactly what
 * the push would do.
 */
/** Files of a zip being parsed at once beyond the one awaited. */
const PARSES_AHEAD = 16;

export function createPushService(deps: {
  db: Kysely<DB>;
  /** Where the push's transaction runs (Database.bulk). */
  bulk: Kysely<DB>;
  events: Pick<EventBus, "publish">;
  formats?: FormatRunner;
}) {
  const { db, bulk, events, formats = inProcessFormats } = deps;

  async function parse(file: PushFile, sourceLanguage: string, inZip: boolean): Promise<ParsedImport> {
    try {
      return await formats.parseImport({
        format: file.format,
        bytes: file.bytes,
        options: { language: file.language, sourceLanguage, flattenNestedKeys: true },
        sourceLanguage,
      });
    } catch (error) {
      // In a zip, the message must say which file it is about.
      if (inZip && error instanceof AppError)
        throw new AppError(error.code, `${file.name}: ${error.message}`);
      throw error;
    }
  }

  /**
   * The files' parses, PARSES_AHEAD at a time: a zip of 5,000 small files parsed one after another
   * waited for the format worker's round trip 5,000 times. `parsing(i)` is file i's.
   */
  function parseAhead(
    files: readonly PushFile[],
    parseOne: (file: PushFile) => Promise<ParsedImport>,
  ): (index: number) => Promise<ParsedImport> {
    const started: Promise<ParsedImport>[] = [];
    const startUpTo = (last: number) => {
      while (started.length <= Math.min(last, files.length - 1)) {
        const parse = parseOne(files[started.length] as PushFile);
        // Awaited in turn; one never awaited (an earlier file failed) is not an unhandled rejection.
        parse.catch(() => {});
        started.push(parse);
      }
    };
    return (index) => {
      startUpTo(index + PARSES_AHEAD);
      return started[index] as Promise<ParsedImport>;
    };
  }

  return {
    async push(
      apiKey: ApiKeyRow,
      upload: { name: string; bytes: Uint8Array },
      fields: PushFields,
    ): Promise<PushAnswer> {
      const project = await selectProject(db, apiKey.project_id);
      // The key is deleted with its project, so this is a race with a deletion.
      if (!project) throw new AppError("unauthorized", "Invalid API key");
      const source = project.source_language;
      const tags = checkedTags(fields.tags);
      const { files, skipped } = pushFilesOf(upload, fields, project.languages);
      if (fields.deleteMissing && files.some((file) => file.language !== source)) {
        throw new AppError("validation_failed", "deleteMissing works on the source language only");
      }
      const inZip = upload.name.toLowerCase().endsWith(".zip");
      // The source first, so new keys are numbered in its order.
      files.sort((a, b) => Number(b.language === source) - Number(a.language === source));
      const errors = [...skipped];
      const notices: string[] = [];
      const parsed: { file: PushFile; data: ParsedImport }[] = [];
      const parsing = parseAhead(files, (file) => parse(file, source, inZip));
      for (const [index, file] of files.entries()) {
        // In file order, so the first file that fails is the one the answer names.
        const data = await parsing(index);
        errors.push(...data.warnings.map((warning) => (inZip ? `${file.name}: ${warning}` : warning)));
        if (data.languages.length === 0) {
          if (!inZip) {
            throw new AppError("validation_failed", "Error processing file: it holds no strings to import");
          }
          errors.push(`${file.name}: it holds no strings to import`);
          continue;
        }
        parsed.push({ file, data });
      }
      if (parsed.length === 0) {
        throw new AppError("validation_failed", "Error processing file: it holds no strings to import");
      }

      const fileLanguages = [...new Set(parsed.flatMap(({ data }) => data.languages.map((l) => l.code)))];
      const languagesAfter = [
        ...project.languages,
        ...fileLanguages.filter((c) => !project.languages.includes(c)),
      ];
      const languagesAdded = languagesAfter.length - project.languages.length;

      let recorded: RecordedActivity | undefined;
      const run = async (trx: Transaction<DB>): Promise<PushAnswer> => {
        if (languagesAdded > 0) {
          await updateProjectLanguages(trx, project.id, languagesAfter);
        }
        const counts = new Map<string, Counts>();
        const addedKeyIds: string[] = [];
        let keysAdded = 0;
        for (const { format, namespace, data } of byFile(parsed, fields.overwriteExisting)) {
          const filled = await fillCounts(trx, project.id, data);
          const written = await writeParsedImport(trx, project.id, format, data, {
            origin: "api",
            userId: apiKey.created_by,
            overwriteExisting: fields.overwriteExisting,
            namespace,
          });
          notices.push(...qualifiedWarning(namespace, written.qualified));
          keysAdded += written.keysAdded;
          addedKeyIds.push(...written.addedKeyIds);
          for (const { code, values } of data.languages) {
            const total = values.filter((value) => value !== "").length;
            const writtenCount = written.writtenByLanguage.get(code) ?? 0;
            const added = Math.min(filled.get(code) ?? 0, writtenCount);
            const before = counts.get(code) ?? { code, added: 0, changed: 0, unchanged: 0 };
            counts.set(code, {
              code,
              added: before.added + added,
              changed: before.changed + writtenCount - added,
              unchanged: before.unchanged + total - writtenCount,
            });
          }
        }
        // Each file pushed is its language's template from now on, as an imported one is.
        for (const { file, data } of parsed) {
          const codes = data.languages.map((strings) => strings.code);
          const language = fileLanguageOf(file.format, codes, source);
          if (!language) continue;
          await saveTemplate(trx, {
            projectId: project.id,
            format: file.format,
            language,
            namespace: file.namespace,
            path: file.name,
            bytes: file.bytes,
            parse: { language: file.language, flattenNestedKeys: true },
            fingerprints: data.fingerprints,
            shape: data.shape,
            userId: apiKey.created_by,
          });
        }
        if (tags.length > 0) await addTags(trx, addedKeyIds, tags);
        let keysDeleted = 0;
        if (fields.deleteMissing) {
          for (const namespace of new Set(parsed.map(({ file }) => file.namespace))) {
            const keys = parsed.flatMap(({ file, data }) => (file.namespace === namespace ? data.keys : []));
            keysDeleted += await deleteKeysNotIn(trx, project.id, namespace, [...new Set(keys)]);
          }
        }
        const answer: PushAnswer = {
          dryRun: fields.dryRun,
          files: parsed.map(({ file }) => ({
            name: file.name,
            language: file.language,
            format: file.format,
            namespace: file.namespace,
          })),
          keysAdded,
          keysDeleted,
          languages: languagesAfter.flatMap((code) => counts.get(code) ?? []),
          errors:
            errors.length > MAX_ERRORS_SHOWN
              ? [...errors.slice(0, MAX_ERRORS_SHOWN), `…and ${errors.length - MAX_ERRORS_SHOWN} more`]
              : errors,
          notices,
        };
        let written = 0;
        for (const language of answer.languages) written += language.added + language.changed;
        // Recorded in the dry run too, which then rolls back with everything else it did.
        recorded = await recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          // The person who created the API key: CI acts in their name.
          userId: apiKey.created_by,
          kind: "strings.pushed",
          count: written,
          languages: fileLanguages,
          details: {
            apiKey: apiKey.name ?? apiKey.key_prefix,
            files: answer.files
              .map((file) => file.name)
              .join(", ")
              .slice(0, 500),
            keysAdded,
            keysDeleted,
          },
        });
        if (fields.dryRun) throw new DryRun(answer);
        return answer;
      };

      let answer: PushAnswer;
      try {
        answer = await bulk.transaction().execute(run);
      } catch (error) {
        if (error instanceof DryRun) return error.answer;
        throw error;
      }
      let translationsAdded = 0;
      for (const language of answer.languages) translationsAdded += language.added + language.changed;
      await events.publish(project.id, [
        { type: "project.updated", data: { projectId: project.id } },
        {
          type: "import.completed",
          data: { keysAdded: answer.keysAdded, translationsAdded, languagesAdded, languages: fileLanguages },
        },
      ]);
      await publishActivity(deps, [recorded]);
      return answer;
    },
  };
}

/**
 * A zip's files as one import per format and namespace (in the order the files come), written in
 * one go each.
 */
function byFile(parsed: readonly { file: PushFile; data: ParsedImport }[], overwriteExisting: boolean) {
  const groups = new Map<string, { format: FormatId; namespace: string; parts: ParsedImport[] }>();
  for (const { file, data } of parsed) {
    const id = JSON.stringify([file.format, file.namespace]);
    const group = groups.get(id);
    if (group) group.parts.push(data);
    else groups.set(id, { format: file.format, namespace: file.namespace, parts: [data] });
  }
  return [...groups.values()].map(({ format, namespace, parts }) => ({
    format,
    namespace,
    data: mergeParsedImports(parts, overwriteExisting),
  }));
}

/** The same rules as a tag typed in the key dialog. */
function checkedTags(tags: readonly string[]): string[] {
  const unique = [...new Set(tags)];
  const tooLong = unique.find((tag) => tag.length > TAG_MAX);
  if (tooLong !== undefined) {
    throw new AppError(
      "validation_failed",
      `A tag must be at most ${TAG_MAX} characters: ${tooLong.slice(0, 60)}…`,
    );
  }
  if (unique.length > TAGS_MAX) {
    throw new AppError("validation_failed", `A key can have at most ${TAGS_MAX} tags`);
  }
  return unique;
}

/**
 * Per language of the file, how many of its non-empty strings land where the project has no text
 * yet (none, an empty one, or pseudo-localization): those the write fills whatever
 * `overwriteExisting` says, so they are the push's `added`; its other writes are `changed`.
 */
async function fillCounts(trx: Transaction<DB>, projectId: string, data: ParsedImport) {
  const filled = new Map<string, number>();
  for (const { code, keys, values } of data.languages) {
    const given = keys.filter((_, i) => values[i] !== "");
    filled.set(code, await countUnfilled(trx, projectId, code, given));
  }
  return filled;
}

/**
 * `deleteMissing`: the keys of the pushed file's namespace that the source file does not have go,
 * with their strings; other files' keys stay. An anti-join against the file's names (hashed once),
 * where `not (key = any(…))` would compare every key with every name: 250,000 of each is billions
 * of comparisons. A key kept as `namespace:key` is in the file as `key`.
 */
async function deleteKeysNotIn(
  trx: Transaction<DB>,
  projectId: string,
  namespace: string,
  keys: readonly string[],
) {
  const names = namespace === "" ? keys : [...keys, ...keys.map((key) => qualifiedKey(namespace, key))];
  return deleteNamespaceKeysNotIn(trx, projectId, namespace, names);
}

export type PushService = ReturnType<typeof createPushService>;
