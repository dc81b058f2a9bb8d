import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from "../../shared/schemas/api-keys.ts";
import { isoDate, isoDateOrNull } from "../db/sql.ts";
import type { ApiKeyRow } from "./queries.ts";

/**
 * Rows to the contract's answers (src/shared/schemas/api-keys.ts): never the hash, only the prefix
 * the screen shows.
 */
export function presentApiKey(row: ApiKeyRow, createdBy: string | null): ApiKey {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    prefix: row.key_prefix,
    createdAt: isoDate(row.created_at),
    lastUsedAt: isoDateOrNull(row.last_used_at),
    createdBy,
    scopes: scopesOf(row),
  };
}

const isScope = (scope: string): scope is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(scope);

/** The column is text[] with a check on its elements; narrowed here for the type, never to drop one. */
export function scopesOf(row: Pick<ApiKeyRow, "scopes">): ApiKeyScope[] {
  return row.scopes.filter(isScope);
}
