import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { isUuid } from "../../shared/ids.ts";
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_VISIBLE_CHARS,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  type createApiKeyBodySchema,
} from "../../shared/schemas/api-keys.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { Access } from "../teams/access.ts";
import { presentApiKey } from "./present.ts";
import {
  type ApiKeyRow,
  deleteKey,
  insertKey,
  selectKeyByHash,
  selectKeyProject,
  selectProjectKeys,
  updateClientName,
  updateLastUsed,
} from "./queries.ts";

// Re-exported: the pull feature takes the row authenticate() answers from the service, as before.
export type { ApiKeyRow };

/** 24 random bytes (192 bits) as 48 hex characters after `sprog_`. */
const SECRET_BYTES = 24;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9a-f]{${SECRET_BYTES * 2}}$`);
/** Writing `last_used_at` on every pull would make each one a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;
/**
 * A key just seen is trusted this long without the database (CI polls in bursts). Revoking in
 * this process forgets it at once; another server process's revocation takes at most this long.
 */
const KEY_CACHE_TTL_MS = 1000;
const KEY_CACHE_MAX = 1000;

/** What every key could do before scopes (issue 20), and what a key gets when none are chosen. */
const DEFAULT_SCOPES: readonly ApiKeyScope[] = ["pull"];

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString("hex")}`;
}

/** What is stored: the SHA-256 of the key, hex. Keys are random, so no salt or slow hash is needed. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/**
 * Project API keys (spec point 3 ApiKeys; DESIGN.md §5): shown once, stored hashed, revocable.
 * Managing them is the owner's (`projects.manageApiKeys`); the pull API authenticates with them.
 */
export function createApiKeyService(deps: { db: Kysely<DB>; access: Access }) {
  const { db, access } = deps;
  const recent = new Map<string, { row: ApiKeyRow; at: number }>();

  return {
    /** Spec: select by project_id, newest first. */
    async list(userId: string, projectId: string): Promise<ApiKey[]> {
      await access.project(userId, projectId, "projects.manageApiKeys");
      const rows = await selectProjectKeys(db, projectId);
      return rows.map((row) => presentApiKey(row, row.created_by_name));
    },

    /** The answer carries the key itself: the only time anyone sees it. */
    async create(
      userId: string,
      projectId: string,
      body: z.output<typeof createApiKeyBodySchema>,
    ): Promise<CreatedApiKey> {
      const { project } = await access.project(userId, projectId, "projects.manageApiKeys");
      const key = generateApiKey();
      const row = await db.transaction().execute(async (trx) => {
        const row = await insertKey(trx, {
          project_id: projectId,
          name: body.name ? body.name : null,
          key_hash: hashApiKey(key),
          key_prefix: key.slice(0, API_KEY_VISIBLE_CHARS),
          created_by: userId,
          // Sorted and once each, so the list reads the same whatever order the form sent.
          scopes: API_KEY_SCOPES.filter((scope) => (body.scopes ?? DEFAULT_SCOPES).includes(scope)),
        });
        await recordActivity(trx, {
          teamId: project.team_id,
          projectId,
          userId,
          kind: "api_key.created",
          details: { name: row.name ?? row.key_prefix, scopes: row.scopes.join(", ") },
        });
        return row;
      });
      const creator = await selectDisplayName(db, userId);
      return { ...presentApiKey(row, creator), key };
    },

    /** Revoke: the row goes, so the key answers 401 from now on. */
    async revoke(userId: string, keyId: string): Promise<void> {
      if (!isUuid(keyId)) throw new AppError("not_found", "API key not found");
      const row = await selectKeyProject(db, keyId);
      if (!row) throw new AppError("not_found", "API key not found");
      const { project } = await access
        .project(userId, row.project_id, "projects.manageApiKeys")
        .catch(notFoundAs("API key"));
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteKey(trx, keyId);
        if (!deleted) return;
        await recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId,
          kind: "api_key.revoked",
          details: { name: deleted.name ?? deleted.key_prefix },
        });
      });
      for (const [hash, entry] of recent) if (entry.row.id === keyId) recent.delete(hash);
    },

    /**
     * The key of a pull request: null when missing, malformed, unknown or revoked. Looked up by
     * its hash through the unique index (comparing hashes leaks nothing about the key).
     */
    async authenticate(key: string | undefined): Promise<ApiKeyRow | null> {
      const given = key?.trim();
      if (!given || !KEY_PATTERN.test(given)) return null;
      const hash = hashApiKey(given);
      const seen = recent.get(hash);
      if (seen && Date.now() - seen.at < KEY_CACHE_TTL_MS) return seen.row;
      recent.delete(hash);
      const row = await selectKeyByHash(db, hash);
      if (!row) return null;
      recent.set(hash, { row, at: Date.now() });
      for (const oldest of recent.keys()) {
        if (recent.size <= KEY_CACHE_MAX) break;
        recent.delete(oldest);
      }
      return row;
    },

    /**
     * The name the key's MCP client gave when it connected (issue 36), kept so that the calls of a
     * 2025-protocol client, which name no one, are written under it. Written only when it changes.
     */
    async noteClient(row: ApiKeyRow, name: string): Promise<void> {
      if (row.client_name === name) return;
      await updateClientName(db, row.id, name);
      row.client_name = name;
    },

    /** Notes a use, at most once a minute per key. */
    async touch(row: ApiKeyRow, now = new Date()): Promise<void> {
      const last = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
      if (now.getTime() - last < LAST_USED_RESOLUTION_MS) return;
      await updateLastUsed(db, row.id, now);
      // The row may be the cached one: later pulls within the minute then write nothing.
      row.last_used_at = now;
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
