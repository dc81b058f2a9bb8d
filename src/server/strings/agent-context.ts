import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  expectedTranslation,
  forbiddenWord,
  type GlossaryEntry,
  termsIn,
} from "../../shared/glossary/match.ts";
import type { KeyContext, keyContextQuerySchema } from "../../shared/schemas/v1-translator.ts";
import { loadVoice } from "../ai/voice.ts";
import { selectThread } from "../comments/queries.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { KeyCaller, ToolImage } from "../http/key-procedures.ts";
import type { MemoryService } from "../memory/memory-service.ts";
import { projectCheckContext } from "../quality/string-checks.ts";
import { mimeOf } from "../screenshots/present.ts";
import { rectOf, selectKeyScreenshots } from "../screenshots/queries.ts";
import type { ScreenshotStore } from "../screenshots/store.ts";
import { agentCheckScope, failedChecks } from "./agent-checks.ts";
import { projectOfKey, targetLanguage, targetsOf } from "./agent-project.ts";
import { selectKeysByName, selectStrings } from "./queries.ts";

/** Images an MCP answer carries at most, and the largest one it carries. */
export const CONTEXT_IMAGES_MAX = 3;
export const CONTEXT_IMAGE_BYTES_MAX = 1024 * 1024;

/** Per language, the approved translation of a term (or, for a forbidden one, the word to avoid). */
function termTranslations(
  entry: GlossaryEntry,
  languages: readonly string[],
  sourceLanguage: string,
): Record<string, string> {
  const words = languages.flatMap((language) => {
    const word = entry.forbidden
      ? forbiddenWord(entry, language, sourceLanguage)
      : expectedTranslation(entry, language);
    return word === undefined ? [] : [[language, word] as const];
  });
  return Object.fromEntries(words);
}

/**
 * `get_key_context` (issue 36): one key as a translator sees it in the editor, for an agent: its
 * texts and their checks, the glossary terms of its source, the team's tone of voice, comments,
 * translation memory and screenshots. Read with the `translate` or the `review` scope.
 */
export function createKeyContextReader(deps: {
  db: Kysely<DB>;
  memory: Pick<MemoryService, "suggestionsFor">;
  screenshots: ScreenshotStore;
}) {
  const { db, memory, screenshots } = deps;

  return {
    async keyContext(caller: KeyCaller, query: z.output<typeof keyContextQuerySchema>): Promise<KeyContext> {
      const project = await projectOfKey(db, caller.apiKey);
      const languages =
        query.language === undefined ? targetsOf(project) : [targetLanguage(project, query.language, "read")];
      const [key] = await selectKeysByName(db, project.id, [query.key]);
      if (!key) throw new AppError("not_found", "Key not found");
      const sourceLanguage = project.source_language;
      const threads = query.language === undefined ? [sourceLanguage, ...languages] : languages;
      const [strings, voice, checkContext, comments, suggestions, shots] = await Promise.all([
        selectStrings(db, [key.id], [sourceLanguage, ...languages]),
        loadVoice(db, project.team_id, ""),
        projectCheckContext(db, project.id),
        Promise.all(threads.map((language) => selectThread(db, key.id, language))),
        Promise.all(
          languages.map(async (language) =>
            (
              await memory.suggestionsFor({
                keyId: key.id,
                teamId: project.team_id,
                sourceLanguage,
                language,
              })
            ).map((suggestion) => ({ language, ...suggestion })),
          ),
        ),
        selectKeyScreenshots(db, key.id),
      ]);
      const cells = new Map(strings.map((row) => [row.language_code, row]));
      const source = cells.get(sourceLanguage)?.value || null;
      const scope = agentCheckScope(project, checkContext.glossary);
      const json = key.value_type !== null;
      let attached = 0;
      return {
        id: key.id,
        key: key.key,
        namespace: key.namespace,
        description: key.description || null,
        context: key.context || null,
        maxLength: key.max_length,
        tags: key.tags ?? [],
        translatable: key.translatable,
        sourceLanguage,
        source,
        texts: languages.map((language) => {
          const cell = cells.get(language);
          const text = cell && cell.value !== "" ? cell.value : null;
          return {
            language,
            text,
            version: text === null ? null : Number(cell?.version),
            machine: text === null ? null : (cell?.machine ?? null),
            checks: failedChecks(scope, {
              language,
              value: text,
              source: source ?? "",
              maxLength: key.max_length,
              json,
            }),
          };
        }),
        glossary: termsIn(source ?? "", checkContext.glossary, sourceLanguage).map((entry) => ({
          term: entry.term,
          description: entry.description || null,
          doNotTranslate: entry.doNotTranslate,
          forbidden: entry.forbidden,
          translations: termTranslations(entry, languages, sourceLanguage),
        })),
        toneOfVoice: {
          productContext: voice.productContext,
          brandTone: voice.brandTone,
          rules: voice.toneRules,
        },
        comments: comments
          .flat()
          .sort((a, b) => isoDate(a.created_at).localeCompare(isoDate(b.created_at)))
          .map((comment) => ({
            language: comment.language_code,
            body: comment.body,
            resolved: comment.resolved_at !== null,
            createdAt: isoDate(comment.created_at),
          })),
        // What the team translated, not where: a key's other projects are not this key's to name.
        suggestions: suggestions.flat().map(({ language, source, translation, similarity }) => ({
          language,
          source,
          translation,
          similarity,
        })),
        screenshots: shots.map((shot) => {
          const attach = attached < CONTEXT_IMAGES_MAX && shot.byte_size <= CONTEXT_IMAGE_BYTES_MAX;
          if (attach) attached += 1;
          return {
            id: shot.id,
            name: shot.name,
            mime: mimeOf(shot),
            width: shot.width,
            height: shot.height,
            byteSize: shot.byte_size,
            rect: rectOf(shot),
            attached: attach,
          };
        }),
      };
    },

    /** The images an MCP answer carries: the screenshots the answer marks attached. */
    async images(answer: KeyContext): Promise<ToolImage[]> {
      const images: ToolImage[] = [];
      for (const shot of answer.screenshots) {
        if (!shot.attached) continue;
        const bytes = await screenshots.get(db, shot.id);
        if (bytes) images.push({ data: bytes.toString("base64"), mimeType: shot.mime });
      }
      return images;
    },
  };
}

export type KeyContextReader = ReturnType<typeof createKeyContextReader>;
