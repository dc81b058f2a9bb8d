import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { ProjectEvent } from "../../shared/events.ts";
import { hasFilters, type KeyFilters } from "../../shared/schemas/key-filters.ts";
import type { createKeyBodySchema, KeyRow, updateKeyBodySchema } from "../../shared/schemas/keys.ts";
import { publishActivity } from "../activity/publish.ts";
import { type RecordedActivity, recordActivity } from "../activity/record.ts";
import { markBranchChanges } from "../branches/marks.ts";
import { onMain } from "../db/branch-scope.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { recheckKeys } from "../quality/string-checks.ts";
import { writeStrings } from "../strings/string-writer.ts";
import type { Access, ProjectRow } from "../teams/access.ts";
import { filterMatch, filterScopeOf, selectFacets } from "./filters.ts";
import { foldRows, presentCreatedKey, presentWrittenCell } from "./present.ts";
import { allOf, deleteKey, insertKey, type KeyFilter, selectKeyRows, updateKey } from "./queries.ts";
import { type SearchMatch, searchMatch, searchStrategy } from "./search.ts";

const duplicateKey = () => new AppError("conflict", "A key with this name already exists in this project");

/**
 * Keys per query when the whole list is read: each page is parsed and folded on the server's
 * thread in one go, so small pages keep other requests' waits short (2,000 keys: a stretch of
 * about 20 ms each).
 */
const KEYS_PER_PAGE = 500;

export function createKeyService(deps: {
  db: Kysely<DB>;
  /** Where the whole list is read (Database.bulk). */
  bulk: Kysely<DB>;
  access: Access;
  events: EventBus;
}) {
  const { db, bulk, access, events } = deps;

  /** The keys a search for `q` in the project keeps (none when blank), read the way `search.ts` picks. */
  async function searchOf(project: ProjectRow, q: string | undefined): Promise<SearchMatch | undefined> {
    const text = q?.trim() ?? "";
    if (text === "") return undefined;
    const searched = { id: project.id, languages: project.languages };
    return searchMatch(db, searched, text, await searchStrategy(db, searched, text));
  }

  async function fetchKeys(
    projectId: string,
    languages: string[],
    filter: KeyFilter = {},
    executor: Kysely<DB> | Transaction<DB> = db,
  ): Promise<KeyRow[]> {
    return await foldRows(await selectKeyRows(executor, projectId, languages, filter), languages);
  }

  /**
   * Every key, read page by page in one snapshot (repeatable read): a single query of 100,000
   * rows arrives faster than the server hands its socket back to other requests, which then wait
   * for it; pages leave turns in between, and the snapshot keeps them consistent with each other.
   */
  async function fetchAllKeys(
    projectId: string,
    languages: string[],
    match: Pick<KeyFilter, "match">,
  ): Promise<KeyRow[]> {
    return bulk
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        const keys: KeyRow[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await fetchKeys(
            projectId,
            languages,
            { ...match, limit: KEYS_PER_PAGE, ...(after !== undefined ? { after } : {}) },
            trx,
          );
          for (const key of page) keys.push(key);
          if (page.length < KEYS_PER_PAGE) return keys;
          after = page.at(-1)?.key;
          await yieldToEventLoop();
        }
      });
  }

  return {
    /**
     * The project's keys with their strings in the requested languages, ordered by key name (byte
     * order, the same on both databases); all of them, or one page with `limit` and `after`; with
     * `q`, only the keys whose name or string in any project language contains it (`search.ts`).
     * Rows are folded into keys here.
     */
    async list(
      userId: string,
      projectId: string,
      options: {
        languages?: string[] | undefined;
        limit?: number;
        after?: string;
        q?: string;
        filters?: KeyFilters;
      } = {},
    ): Promise<{ keys: KeyRow[]; next: string | null }> {
      const { project } = await access.project(userId, projectId, "languages.view");
      const { languages, limit, after } = options;
      const wanted = languages?.length
        ? languages.filter((l) => project.languages.includes(l))
        : project.languages;
      const search = await searchOf(project, options.q);
      const filters = options.filters ?? {};
      const conditions = [
        ...(search ? [search.match] : []),
        ...(hasFilters(filters) ? [filterMatch(filterScopeOf(project, filters.lang), filters)] : []),
      ];
      const all = allOf(conditions);
      const match = all ? { match: all } : {};
      const read = () =>
        limit || after !== undefined
          ? fetchKeys(projectId, wanted, {
              ...match,
              ...(limit ? { limit } : {}),
              ...(after !== undefined ? { after } : {}),
            })
          : fetchAllKeys(projectId, wanted, match);
      // Keys a branch has no row of are main's, unmarked (`SearchMatch.untouched`); the filters
      // read what is the branch's own (its reviews), so with them the branch is read.
      const keys =
        search?.untouched && !hasFilters(filters)
          ? await onMain(read)
          : await markBranchChanges(db, await read());
      const next = limit && keys.length === limit ? (keys.at(-1)?.key ?? null) : null;
      return { keys, next };
    },

    /** How many keys each filter keeps on its own, and all of them together, within the search. */
    async facets(userId: string, projectId: string, query: KeyFilters & { q?: string | undefined }) {
      const { project } = await access.project(userId, projectId, "languages.view");
      const { q, ...filters } = query;
      return selectFacets(
        db,
        filterScopeOf(project, filters.lang),
        filters,
        (await searchOf(project, q))?.match,
      );
    },

    async create(
      userId: string,
      projectId: string,
      body: z.output<typeof createKeyBodySchema>,
    ): Promise<KeyRow> {
      const { project } = await access.project(userId, projectId, "keys.manage");
      const { key, written, by, recorded } = await db.transaction().execute(async (trx) => {
        const key = await insertKey(trx, projectId, {
          key: body.key,
          description: body.description || null,
          tags: body.tags ? [...new Set(body.tags)] : [],
          max_length: body.maxLength ?? null,
          translatable: body.translatable ?? true,
          namespace: body.namespace ?? "",
        });
        if (!key) throw duplicateKey();
        const recorded = await recordActivity(trx, {
          teamId: project.team_id,
          projectId,
          userId,
          kind: "key.created",
          keys: [{ id: key.id, key: key.key }],
          languages: body.sourceValue ? [project.source_language] : [],
        });
        const written = body.sourceValue
          ? await writeStrings(
              trx,
              [{ keyId: key.id, projectId, language: project.source_language, value: body.sourceValue }],
              { origin: "person", userId },
            )
          : [];
        // The string event names its author (never an id): read with the write.
        const by = written.length > 0 ? await selectDisplayName(trx, userId) : null;
        return { key, written, by, recorded };
      });
      const strings: KeyRow["strings"] = {};
      const published: ProjectEvent[] = [{ type: "key.created", data: { keyId: key.id, key: key.key } }];
      for (const w of written) {
        const cell = presentWrittenCell(w);
        strings[w.language] = cell;
        published.push({
          type: "string.updated",
          data: { keyId: key.id, language: w.language, cell, by },
        });
      }
      await events.publish(projectId, published);
      await publishActivity(deps, [recorded]);
      return presentCreatedKey(key, strings);
    },

    /** Rename and/or change the description, tags, max length or translatable flag. */
    async update(userId: string, keyId: string, body: z.output<typeof updateKeyBodySchema>): Promise<KeyRow> {
      const { key, project } = await access.key(userId, keyId, "keys.manage");
      const changes = {
        ...(body.key !== undefined && body.key !== key.key ? { key: body.key } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.tags !== undefined ? { tags: [...new Set(body.tags)] } : {}),
        ...(body.maxLength !== undefined ? { max_length: body.maxLength } : {}),
        ...(body.translatable !== undefined ? { translatable: body.translatable } : {}),
        ...(body.namespace !== undefined && body.namespace !== key.namespace
          ? { namespace: body.namespace }
          : {}),
      };
      let recorded: RecordedActivity | undefined;
      if (Object.keys(changes).length > 0) {
        try {
          await db.transaction().execute(async (trx) => {
            await updateKey(trx, keyId, changes);
            if (changes.key !== undefined) {
              recorded = await recordActivity(trx, {
                teamId: project.team_id,
                projectId: project.id,
                userId,
                kind: "key.renamed",
                keys: [{ id: keyId, key: changes.key }],
                details: { from: key.key, to: changes.key },
              });
            }
            // The max length is one of the checks' inputs: the key's strings are checked again.
            if ("max_length" in changes) await recheckKeys(trx, project.id, [keyId]);
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateKey();
          throw error;
        }
      }
      const [row] = await fetchKeys(project.id, project.languages, { keyId });
      if (!row) throw new AppError("not_found", "Key not found");
      if (Object.keys(changes).length > 0) {
        const { strings: _strings, id: _id, createdAt: _createdAt, ...fields } = row;
        await events.publish(project.id, [{ type: "key.updated", data: { keyId, ...fields } }]);
        await publishActivity(deps, [recorded]);
      }
      return row;
    },

    async rename(userId: string, keyId: string, name: string): Promise<KeyRow> {
      return this.update(userId, keyId, { key: name });
    },

    async remove(userId: string, keyId: string): Promise<void> {
      const { key, project } = await access.key(userId, keyId, "keys.manage");
      const recorded = await db.transaction().execute(async (trx) => {
        if (!(await deleteKey(trx, keyId))) return undefined;
        // The entry keeps the key's name: the key itself is gone.
        return recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId,
          kind: "key.deleted",
          keys: [{ id: keyId, key: key.key }],
        });
      });
      await events.publish(project.id, [{ type: "key.deleted", data: { keyId } }]);
      await publishActivity(deps, [recorded]);
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
