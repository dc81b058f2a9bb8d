import type { Kysely } from "kysely";
import type { z } from "zod";
import type { ProjectEvent } from "../../shared/events.ts";
import { ISSUES_FILTER, type KeyFilters } from "../../shared/schemas/key-filters.ts";
import { agentDisplayName } from "../../shared/schemas/keys.ts";
import type {
  KeysToTranslate,
  listKeysToTranslateQuerySchema,
  SetTranslationsAnswer,
  setTranslationsBodySchema,
  TranslateState,
  TranslationResult,
} from "../../shared/schemas/v1-translator.ts";
import { publishActivity } from "../activity/publish.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { KeyCaller } from "../http/key-procedures.ts";
import { filterMatch, filterScopeOf } from "../keys/filters.ts";
import { foldRows, presentWrittenCell } from "../keys/present.ts";
import { selectKeyRows } from "../keys/queries.ts";
import type { Logger } from "../logger.ts";
import { projectCheckContext } from "../quality/string-checks.ts";
import type { ProjectRow } from "../teams/access.ts";
import { type AgentCheckScope, agentCheckScope, failedChecks } from "./agent-checks.ts";
import { decodeCursor, encodeCursor, presentKeyToTranslate } from "./agent-present.ts";
import { projectOfKey, targetLanguage } from "./agent-project.ts";
import { countKeys, selectKeysByName, selectStrings } from "./queries.ts";
import { type StringChange, type WrittenString, writeStrings } from "./string-writer.ts";

/** Each state of list_keys_to_translate is an Overview filter (keys/filters.ts). */
const STATE_FILTERS: Record<TranslateState, KeyFilters> = {
  missing: { missing: "1" },
  unverified: { unverified: "1" },
  failing_checks: { check: ISSUES_FILTER },
};

/** An open Overview is told of each string up to this many; past it, to reload once. */
const STRING_EVENTS_MAX = 100;

/** Names a refusal lists at most. */
const NAMES_SHOWN = 20;

function nameList(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(", ");
  return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}

type WriteBody = z.output<typeof setTranslationsBodySchema>;
type KeyRecord = Awaited<ReturnType<typeof selectKeysByName>>[number];

/** What a write of one item would do, before anything is written. */
interface Planned {
  index: number;
  key: KeyRecord;
  language: string;
  text: string;
  current: { value: string; version: number } | undefined;
  /** The key's source text, which the text is checked against. */
  source: string;
  refusal: string | undefined;
}

/**
 * The translator's procedures of the public API (issue 36), for a project API key with the
 * `translate` scope: what a language needs, and writing translations. An agent's writes go through
 * the string writer as AI output (`machine = ai`, unverified until a person saves or approves
 * them), with the agent's name in history and activity; they never approve anything.
 */
export function createAgentStringService(deps: {
  db: Kysely<DB>;
  events: Pick<EventBus, "publish">;
  logger?: Logger;
}) {
  const { db, events } = deps;

  async function checkScopeOf(project: ProjectRow): Promise<AgentCheckScope> {
    const { glossary } = await projectCheckContext(db, project.id);
    return agentCheckScope(project, glossary);
  }

  /**
   * The items of a write, each with its key and stored text. One that names a language or key the
   * project lacks refuses the whole call: a batch half written would leave the agent guessing.
   */
  async function plan(project: ProjectRow, body: WriteBody): Promise<Planned[]> {
    const items = body.translations;
    for (const language of new Set(items.map((item) => item.language))) {
      targetLanguage(project, language, "write");
    }
    const seen = new Set<string>();
    for (const item of items) {
      const id = JSON.stringify([item.key, item.language]);
      if (seen.has(id)) {
        throw new AppError(
          "validation_failed",
          `${item.key} (${item.language}) is in the call twice: send each key and language once`,
        );
      }
      seen.add(id);
    }
    const names = [...new Set(items.map((item) => item.key))];
    const keys = new Map((await selectKeysByName(db, project.id, names)).map((key) => [key.key, key]));
    const unknown = names.filter((name) => !keys.has(name));
    if (unknown.length > 0) {
      throw new AppError(
        "validation_failed",
        `Nothing was written: this project has no key ${nameList(unknown)}. Check the names (list_keys_to_translate lists them); new keys are created with a push key.`,
      );
    }
    const languages = [...new Set([project.source_language, ...items.map((item) => item.language)])];
    const stored = await selectStrings(
      db,
      [...keys.values()].map((key) => key.id),
      languages,
    );
    const cells = new Map(stored.map((row) => [`${row.key_id}:${row.language_code}`, row]));
    return items.map((item, index) => {
      const key = keys.get(item.key) as KeyRecord;
      const cell = cells.get(`${key.id}:${item.language}`);
      const refusal = !key.translatable
        ? "The key is marked not to be translated"
        : key.value_type !== null
          ? "The key holds a list or number from a file, not text"
          : undefined;
      return {
        index,
        key,
        language: item.language,
        text: item.text,
        current: cell && cell.value !== "" ? { value: cell.value, version: Number(cell.version) } : undefined,
        source: cells.get(`${key.id}:${project.source_language}`)?.value ?? "",
        refusal,
      };
    });
  }

  /** After the commit: open Overviews update (each string, or one reload for a big write). */
  async function publishWritten(projectId: string, written: readonly WrittenString[], agent: string) {
    if (written.length === 0) return;
    const updates: ProjectEvent[] =
      written.length <= STRING_EVENTS_MAX
        ? written.map((w) => ({
            type: "string.updated",
            data: {
              keyId: w.keyId,
              language: w.language,
              cell: presentWrittenCell(w),
              by: agentDisplayName(agent),
            },
          }))
        : [{ type: "project.updated", data: { projectId } }];
    await events.publish(projectId, updates);
  }

  return {
    async listToTranslate(
      caller: KeyCaller,
      query: z.output<typeof listKeysToTranslateQuerySchema>,
    ): Promise<KeysToTranslate> {
      const project = await projectOfKey(db, caller.apiKey);
      const language = targetLanguage(project, query.language, "read");
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const match = filterMatch(filterScopeOf(project, language), STATE_FILTERS[query.state]);
      const languages = [project.source_language, language];
      const [rows, total, scope] = await Promise.all([
        selectKeyRows(db, project.id, languages, { after, limit: query.limit + 1, match }),
        countKeys(db, project.id, match),
        checkScopeOf(project),
      ]);
      const keys = await foldRows(rows, languages);
      const page = keys.slice(0, query.limit);
      const last = page.at(-1);
      return {
        language,
        sourceLanguage: project.source_language,
        state: query.state,
        total,
        keys: page.map((key) => presentKeyToTranslate(key, project.source_language, language, scope)),
        nextCursor: keys.length > query.limit && last ? encodeCursor(last.key) : null,
      };
    },

    async setTranslations(caller: KeyCaller, body: WriteBody): Promise<SetTranslationsAnswer> {
      const project = await projectOfKey(db, caller.apiKey);
      const [planned, scope] = await Promise.all([plan(project, body), checkScopeOf(project)]);
      const toWrite = planned.filter((p) => p.refusal === undefined && p.current?.value !== p.text);
      let written: WrittenString[] = [];
      if (!body.dryRun && toWrite.length > 0) {
        const changes: StringChange[] = toWrite.map((p) => ({
          keyId: p.key.id,
          projectId: project.id,
          language: p.language,
          value: p.text,
        }));
        const result = await db.transaction().execute(async (trx) => {
          const rows = await writeStrings(trx, changes, { origin: "ai", userId: null, agent: caller.agent });
          const names = new Map(toWrite.map((p) => [p.key.id, p.key.key]));
          const writtenKeys = new Map(rows.map((row) => [row.keyId, names.get(row.keyId) ?? ""]));
          const recorded =
            rows.length === 0
              ? null
              : await recordActivity(trx, {
                  teamId: project.team_id,
                  projectId: project.id,
                  // An agent is no person: its name (and its key's) say who wrote.
                  userId: null,
                  kind: "strings.edited",
                  count: rows.length,
                  keys: [...writtenKeys].map(([id, key]) => ({ id, key })),
                  languages: rows.map((row) => row.language),
                  details: {
                    agent: caller.agent,
                    apiKey: caller.apiKey.name?.trim() || caller.apiKey.key_prefix,
                  },
                });
          return { rows, recorded };
        });
        written = result.rows;
        await publishWritten(project.id, written, caller.agent);
        await publishActivity(deps, [result.recorded]);
      }
      const writtenAt = new Map(written.map((w) => [`${w.keyId}:${w.language}`, w]));
      const willWrite = new Set(toWrite.map((p) => p.index));
      const results: TranslationResult[] = planned.map((p) => {
        const base = { key: p.key.key, language: p.language };
        if (p.refusal !== undefined) {
          return {
            ...base,
            result: "refused",
            reason: p.refusal,
            version: p.current?.version ?? null,
            checks: [],
          };
        }
        const checks = failedChecks(scope, {
          language: p.language,
          value: p.text,
          source: p.source,
          maxLength: p.key.max_length,
          json: false,
        });
        const now = writtenAt.get(`${p.key.id}:${p.language}`);
        const changed = body.dryRun ? willWrite.has(p.index) : now !== undefined;
        return {
          ...base,
          result: changed ? "written" : "unchanged",
          version: now?.version ?? p.current?.version ?? null,
          checks,
        };
      });
      return {
        dryRun: body.dryRun,
        written: results.filter((r) => r.result === "written").length,
        unchanged: results.filter((r) => r.result === "unchanged").length,
        refused: results.filter((r) => r.result === "refused").length,
        failingChecks: results.filter((r) => r.checks.length > 0).length,
        results,
      };
    },
  };
}

export type AgentStringService = ReturnType<typeof createAgentStringService>;
