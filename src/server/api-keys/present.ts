import type { ApiKey } from "../../shared/schemas/api-keys.ts";
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
  };
}
