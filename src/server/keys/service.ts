import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { type Kysely, sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { ProjectEvent } from "../../shared/events.ts";
import type { Cell, createKeyBodySchema, KeyRow, updateKeyBodySchema } from "../../shared/schemas/keys.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import { writeStrings } from "../strings/string-writer.ts";
import type { Access } from "../teams/access.ts";
import { type KeyMetaColumns, keyMetadataOf } from "./key-metadata.ts";

const duplicateKey = () => new AppError("conflict", "A key with this name already exists in this project");

interface ListedRow extends KeyMetaColumns {
  id: string;
  key: string;
  created_at: Date | string;
  language_code: string | null;
  value: string | null;
  version: number | null;
  updated_at: Date | string | null;
}

/** Keys per query when the whole list is read. */
const KEYS_PER_PAGE = 2000;
/** Rows folded between turns of the event loop (see {@link foldRows}). */
const ROWS_PER_TURN = 5000;

/**
 * Rows (one per key and language) → keys, each key's strings in the order of `languages`: the
 * database hands a key's rows over in no set order, and an answer should not change with it.
 * Yields to the event loop every few thousand rows: folding the 100,000 rows of a 50,000-key
 * project in one go held the server for a quarter second.
 */
async function foldRows(rows: ListedRow[], languages: readonly string[]): Promise<KeyRow[]> {
  const rank = new Map(languages.map((code, index) => [code, index]));
  const byRank = (a: string, b: string) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  const keys: KeyRow[] = [];
  let current: KeyRow | undefined;
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await yieldToEventLoop();
    if (current?.id !== row.id) {
      current = {
        id: row.id,
        key: row.key,
        createdAt: isoDate(row.created_at),
        ...keyMetadataOf(row),
        strings: {},
      };
      keys.push(current);
    }
    if (row.language_code !== null && row.value !== null && row.updated_at !== null) {
      current.strings[row.language_code] = {
        value: row.value,
        version: Number(row.version),
        updatedAt: isoDate(row.updated_at),
      } satisfies Cell;
    }
  }
  for (const key of keys) {
    const codes = Object.keys(key.strings);
    if (codes.length < 2 || codes.every((code, i) => i === 0 || byRank(codes[i - 1] ?? "", code) < 0))
      continue;
    key.strings = Object.fromEntries(codes.sort(byRank).map((code) => [code, key.strings[code] as Cell]));
  }
  return keys;
}

export function createKeyService(deps: { db: Kysely<DB>; access: Access; events: EventBus }) {
  const { db, access, events } = deps;

  async function fetchKeys(
    projectId: string,
    languages: string[],
    filter: { keyId?: string; after?: string; limit?: number } = {},
    executor: Kysely<DB> | Transaction<DB> = db,
  ): Promise<KeyRow[]> {
    const result = await sql<ListedRow>`
      with page as (
        select id, key, created_at, description, context, tags, max_length, translatable, value_type
        from translation_keys
        where project_id = ${projectId}
          ${filter.keyId ? sql`and id = ${filter.keyId}` : sql``}
          ${filter.after !== undefined ? sql`and key collate "C" > ${filter.after}` : sql``}
        order by key collate "C"
        ${filter.limit ? sql`limit ${filter.limit}` : sql``}
      )
      select k.id, k.key, k.created_at, k.description, k.context, k.tags, k.max_length, k.translatable,
        k.value_type, s.language_code, s.value, s.version, s.updated_at
      from page k
      left join translation_strings s on s.key_id = k.id and s.language_code = any(${languages}::text[])
      order by k.key collate "C"
    `.execute(executor);
    return await foldRows(result.rows, languages);
  }

  /**
   * Every key, read page by page in one snapshot (repeatable read): a single query of 100,000
   * rows arrives faster than the server hands its socket back to other requests, which then wait
   * for it; pages leave turns in between, and the snapshot keeps them consistent with each other.
   */
  async function fetchAllKeys(projectId: string, languages: string[]): Promise<KeyRow[]> {
    return db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        const keys: KeyRow[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await fetchKeys(
            projectId,
            languages,
            { limit: KEYS_PER_PAGE, ...(after !== undefined ? { after } : {}) },
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
     * order, the same on both databases); all of them, or one page with `limit` and `after`.
     * Rows are folded into keys here.
     */
    async list(
      userId: string,
      projectId: string,
      options: { languages?: string[] | undefined; limit?: number; after?: string } = {},
    ): Promise<{ keys: KeyRow[]; next: string | null }> {
      const { project } = await access.project(userId, projectId, "languages.view");
      const { languages, limit, after } = options;
      const wanted = languages?.length
        ? languages.filter((l) => project.languages.includes(l))
        : project.languages;
      const keys =
        limit || after !== undefined
          ? await fetchKeys(projectId, wanted, {
              ...(limit ? { limit } : {}),
              ...(after !== undefined ? { after } : {}),
            })
          : await fetchAllKeys(projectId, wanted);
      const next = limit && keys.length === limit ? (keys.at(-1)?.key ?? null) : null;
      return { keys, next };
    },

    async create(
      userId: string,
      projectId: string,
      body: z.output<typeof createKeyBodySchema>,
    ): Promise<KeyRow> {
      const { project } = await access.project(userId, projectId, "keys.manage");
      const { key, written } = await db.transaction().execute(async (trx) => {
        const key = await trx
          .insertInto("translation_keys")
          .values({
            project_id: projectId,
            key: body.key,
            description: body.description || null,
            tags: body.tags ? [...new Set(body.tags)] : [],
            max_length: body.maxLength ?? null,
            translatable: body.translatable ?? true,
            // New keys go after the ones that came from files (issue 15: export keeps file order).
            position: sql<number>`(select coalesce(max(position), 0) + 1 from translation_keys where project_id = ${projectId})`,
          })
          .onConflict((oc) => oc.columns(["project_id", "key"]).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!key) throw duplicateKey();
        const written = body.sourceValue
          ? await writeStrings(
              trx,
              [{ keyId: key.id, projectId, language: project.source_language, value: body.sourceValue }],
              { origin: "person", userId },
            )
          : [];
        return { key, written };
      });
      const strings: KeyRow["strings"] = {};
      const published: ProjectEvent[] = [{ type: "key.created", data: { keyId: key.id, key: key.key } }];
      for (const w of written) {
        const cell = { value: w.value, version: w.version, updatedAt: w.updatedAt.toISOString() };
        strings[w.language] = cell;
        published.push({
          type: "string.updated",
          data: { keyId: key.id, language: w.language, cell, by: userId },
        });
      }
      await events.publish(projectId, published);
      return { id: key.id, key: key.key, createdAt: isoDate(key.created_at), ...keyMetadataOf(key), strings };
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
      };
      if (Object.keys(changes).length > 0) {
        try {
          await db
            .updateTable("translation_keys")
            .set({ ...changes, updated_at: new Date() })
            .where("id", "=", keyId)
            .execute();
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
      }
      return row;
    },

    async rename(userId: string, keyId: string, name: string): Promise<KeyRow> {
      return this.update(userId, keyId, { key: name });
    },

    async remove(userId: string, keyId: string): Promise<void> {
      const { project } = await access.key(userId, keyId, "keys.manage");
      await db.deleteFrom("translation_keys").where("id", "=", keyId).execute();
      await events.publish(project.id, [{ type: "key.deleted", data: { keyId } }]);
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
