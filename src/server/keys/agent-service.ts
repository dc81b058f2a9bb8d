import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { ProjectEvent } from "../../shared/events.ts";
import type { KeyRow } from "../../shared/schemas/keys.ts";
import type {
  CreateKeysAnswer,
  createKeysBodySchema,
  findMissingKeysBodySchema,
  KeySearchAnswer,
  keySearchQuerySchema,
  MissingKeysAnswer,
  RenamedKeyAnswer,
  renameKeyRequestSchema,
  SearchedKey,
  SourceTextsAnswer,
  sourceTextsBodySchema,
  TranslationState,
} from "../../shared/schemas/v1-developer.ts";
import { publishActivity } from "../activity/publish.ts";
import { type RecordedActivity, recordActivity } from "../activity/record.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { containsPattern } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { KeyCaller } from "../http/key-procedures.ts";
import { selectProject } from "../push/queries.ts";
import { writeStrings } from "../strings/string-writer.ts";
import { compiledPatterns, firstUses } from "./code-scan.ts";
import { foldRows, presentWrittenCell } from "./present.ts";
import {
  allOf,
  anyOf,
  descriptionMatch,
  insertKey,
  namespaceMatch,
  selectKeyRows,
  selectKeysByName,
  tagsMatch,
  updateKey,
} from "./queries.ts";
import { searchFilter, searchStrategy } from "./search.ts";

/**
 * The keys as a project API key works on them (issue 36: a coding agent's developer tools): by
 * name, as the code knows them, always in the key's own project. The rules are the session API's
 * (the same schemas, names unique per project, history through the string writer), the author is
 * the agent (history origin `api` with its client's name; activity without a user, naming it).
 * Every write is all or nothing, and a dry run does the write in its transaction and rolls back,
 * so its answer is exactly what the call would do.
 */

/** A dry run's answer, thrown out of its transaction so that everything the transaction did is undone. */
class DryRun<T> extends Error {
  constructor(readonly answer: T) {
    super("dry run");
  }
}

/** Strings written past this many are announced as one change of the project, not one event each. */
const STRING_EVENTS_MAX = 50;

const quoted = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(", ");

function keysNotFound(names: readonly string[]) {
  return new AppError("not_found", `${names.length === 1 ? "Key" : "Keys"} not found: ${quoted(names)}`);
}

function givenTwice(names: readonly string[]): AppError | undefined {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  if (twice.size === 0) return undefined;
  return new AppError("validation_failed", `Given more than once: ${quoted([...twice])}`);
}

/** Where a key stands in a target language, by the Overview's filters (keys/filters.ts). */
function stateOf(cell: KeyRow["strings"][string] | undefined): TranslationState {
  if (!cell || cell.value === "") return "missing";
  return cell.machine ? "unverified" : "translated";
}

function presentSearched(row: KeyRow, sourceLanguage: string, targets: readonly string[]): SearchedKey {
  const translatable = row.translatable !== false;
  return {
    id: row.id,
    key: row.key,
    namespace: row.namespace ?? "",
    description: row.description ?? null,
    maxLength: row.maxLength ?? null,
    tags: row.tags ?? [],
    translatable,
    source: row.strings[sourceLanguage]?.value ?? null,
    languages: translatable
      ? Object.fromEntries(targets.map((language) => [language, stateOf(row.strings[language])]))
      : {},
  };
}

/** What activity says of the author: no user, the agent by its client's name and the key it used. */
function authorDetails({ apiKey, agent }: KeyCaller) {
  return { agent, apiKey: apiKey.name ?? apiKey.key_prefix };
}

export function createAgentKeyService(deps: { db: Kysely<DB>; events: Pick<EventBus, "publish"> }) {
  const { db, events } = deps;

  async function projectOf(apiKey: ApiKeyRow) {
    const project = await selectProject(db, apiKey.project_id);
    // The key is deleted with its project, so this is a race with a deletion.
    if (!project) throw new AppError("unauthorized", "Invalid API key");
    return project;
  }

  /** `run` in one transaction; with `dryRun`, its answer, and the transaction rolled back. */
  async function write<T>(dryRun: boolean, run: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(async (trx) => {
        const answer = await run(trx);
        if (dryRun) throw new DryRun(answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof DryRun) return error.answer as T;
      throw error;
    }
  }

  return {
    /**
     * A page of the project's keys in name order: the keys list's search (name or any language's
     * text, search.ts) or the description containing the text, with every tag, in the namespace.
     */
    async search(apiKey: ApiKeyRow, query: z.output<typeof keySearchQuerySchema>): Promise<KeySearchAnswer> {
      const project = await projectOf(apiKey);
      const conditions = [];
      const text = query.q?.trim() ?? "";
      if (text !== "") {
        const searched = { id: project.id, languages: project.languages };
        const strategy = await searchStrategy(db, searched, text);
        conditions.push(
          anyOf([await searchFilter(db, searched, text, strategy), descriptionMatch(containsPattern(text))]),
        );
      }
      if (query.tags && query.tags.length > 0) conditions.push(tagsMatch(query.tags));
      if (query.namespace !== undefined) conditions.push(namespaceMatch(query.namespace.trim()));
      const match = allOf(conditions);
      // One more than the page: whether there is a next page is known, not guessed.
      const rows = await selectKeyRows(db, project.id, project.languages, {
        ...(match ? { match } : {}),
        ...(query.cursor !== undefined ? { after: query.cursor } : {}),
        limit: query.limit + 1,
      });
      const keys = await foldRows(rows, project.languages);
      const page = keys.slice(0, query.limit);
      const source = project.source_language;
      const targets = project.languages.filter((language) => language !== source);
      return {
        sourceLanguage: source,
        keys: page.map((row) => presentSearched(row, source, targets)),
        nextCursor: keys.length > query.limit ? (page.at(-1)?.key ?? null) : null,
      };
    },

    /** New keys with their source texts, all or none: a name taken or given twice refuses them all. */
    async create(caller: KeyCaller, body: z.output<typeof createKeysBodySchema>): Promise<CreateKeysAnswer> {
      const project = await projectOf(caller.apiKey);
      const names = body.keys.map((key) => key.key);
      const twice = givenTwice(names);
      if (twice) throw twice;
      const taken = await selectKeysByName(db, project.id, names);
      if (taken.length > 0) throw nameTaken(taken.map((key) => key.key));
      const dryRun = body.dryRun ?? false;
      let recorded: RecordedActivity | undefined;
      const created = await write(dryRun, async (trx) => {
        const rows: NonNullable<Awaited<ReturnType<typeof insertKey>>>[] = [];
        for (const key of body.keys) {
          const row = await insertKey(trx, project.id, {
            key: key.key,
            description: key.description || null,
            tags: key.tags ? [...new Set(key.tags)] : [],
            max_length: key.maxLength ?? null,
            translatable: true,
            namespace: key.namespace ?? "",
          });
          // Taken since the names were looked at: the transaction takes the others back.
          if (!row) throw nameTaken([key.key]);
          rows.push(row);
        }
        const sources = body.keys.flatMap((key, index) => {
          const row = rows[index];
          return key.source && row
            ? [{ keyId: row.id, projectId: project.id, language: project.source_language, value: key.source }]
            : [];
        });
        await writeStrings(trx, sources, { origin: "api", userId: null, agent: caller.agent });
        recorded = await recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId: null,
          kind: "key.created",
          keys: rows.map((row) => ({ id: row.id, key: row.key })),
          languages: sources.length > 0 ? [project.source_language] : [],
          details: authorDetails(caller),
        });
        return rows;
      });
      if (!dryRun) {
        await events.publish(
          project.id,
          created.map((row) => ({ type: "key.created", data: { keyId: row.id, key: row.key } })),
        );
        await publishActivity(deps, [recorded]);
      }
      return {
        dryRun,
        keys: created.map((row) => ({ id: dryRun ? null : row.id, key: row.key, namespace: row.namespace })),
      };
    },

    /** Source texts of existing keys, all or none: an unknown name refuses them all. */
    async setSourceTexts(
      caller: KeyCaller,
      body: z.output<typeof sourceTextsBodySchema>,
    ): Promise<SourceTextsAnswer> {
      const project = await projectOf(caller.apiKey);
      const names = body.texts.map((text) => text.key);
      const twice = givenTwice(names);
      if (twice) throw twice;
      const found = new Map((await selectKeysByName(db, project.id, names)).map((key) => [key.key, key]));
      const unknown = names.filter((name) => !found.has(name));
      if (unknown.length > 0) throw keysNotFound(unknown);
      const source = project.source_language;
      const dryRun = body.dryRun ?? false;
      let recorded: RecordedActivity | undefined;
      const written = await write(dryRun, async (trx) => {
        const changes = body.texts.map(({ key, text }) => ({
          keyId: found.get(key)?.id ?? "",
          projectId: project.id,
          language: source,
          value: text,
        }));
        const written = await writeStrings(trx, changes, {
          origin: "api",
          userId: null,
          agent: caller.agent,
        });
        if (written.length > 0) {
          const changed = new Set(written.map((w) => w.keyId));
          recorded = await recordActivity(trx, {
            teamId: project.team_id,
            projectId: project.id,
            userId: null,
            kind: "strings.edited",
            count: written.length,
            keys: [...found.values()].filter((key) => changed.has(key.id)),
            languages: [source],
            details: authorDetails(caller),
          });
        }
        return written;
      });
      const nameOf = new Map([...found.values()].map((key) => [key.id, key.key]));
      if (!dryRun && written.length > 0) {
        const published: ProjectEvent[] =
          written.length > STRING_EVENTS_MAX
            ? [{ type: "project.updated", data: { projectId: project.id } }]
            : written.map((w) => ({
                type: "string.updated",
                data: { keyId: w.keyId, language: w.language, cell: presentWrittenCell(w), by: caller.agent },
              }));
        await events.publish(project.id, published);
        await publishActivity(deps, [recorded]);
      }
      const changed = new Set(written.map((w) => nameOf.get(w.keyId)));
      return {
        dryRun,
        sourceLanguage: source,
        changed: written.map((w) => ({ key: nameOf.get(w.keyId) ?? "", version: w.version })),
        unchanged: names.filter((name) => !changed.has(name)),
      };
    },

    /** A new name for a key, by the session API's rules (409 when another key has it). */
    async rename(
      caller: KeyCaller,
      body: z.output<typeof renameKeyRequestSchema>,
    ): Promise<RenamedKeyAnswer> {
      const project = await projectOf(caller.apiKey);
      const [key] = await selectKeysByName(db, project.id, [body.key]);
      if (!key) throw keysNotFound([body.key]);
      const dryRun = body.dryRun ?? false;
      const answer = { dryRun, id: key.id, key: body.newName, previous: key.key };
      if (body.newName === key.key) return answer;
      if ((await selectKeysByName(db, project.id, [body.newName])).length > 0) throw nameTaken();
      let recorded: RecordedActivity | undefined;
      try {
        await write(dryRun, async (trx) => {
          await updateKey(trx, key.id, { key: body.newName });
          recorded = await recordActivity(trx, {
            teamId: project.team_id,
            projectId: project.id,
            userId: null,
            kind: "key.renamed",
            keys: [{ id: key.id, key: body.newName }],
            details: { from: key.key, to: body.newName, ...authorDetails(caller) },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      if (!dryRun) {
        const [row] = await foldRows(await selectKeyRows(db, project.id, [], { keyId: key.id }), []);
        if (row) {
          const { strings: _strings, id: _id, createdAt: _createdAt, ...fields } = row;
          await events.publish(project.id, [{ type: "key.updated", data: { keyId: key.id, ...fields } }]);
        }
        await publishActivity(deps, [recorded]);
      }
      return answer;
    },

    /** The keys the files use (sprog check's rules) that the project lacks, each where first used. */
    async findMissing(
      apiKey: ApiKeyRow,
      body: z.output<typeof findMissingKeysBodySchema>,
    ): Promise<MissingKeysAnswer> {
      const patterns = compiledPatterns(body.patterns ?? []);
      const used = firstUses(body.files, patterns);
      const present = new Set(
        (await selectKeysByName(db, apiKey.project_id, [...used.keys()])).map((key) => key.key),
      );
      const missing = [...used]
        .filter(([key]) => !present.has(key))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, where]) => ({ key, ...where }));
      return {
        missing,
        counts: { files: body.files.length, used: used.size, missing: missing.length },
      };
    },
  };
}

/** The session API's message for a name another key has; with the names, for a call of many keys. */
function nameTaken(names: readonly string[] = []) {
  const message = "A key with this name already exists in this project";
  return new AppError("conflict", names.length > 0 ? `${message}: ${quoted(names)}` : message);
}

export type AgentKeyService = ReturnType<typeof createAgentKeyService>;
