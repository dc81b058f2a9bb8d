import type { Branch } from "../../shared/schemas/branches.ts";
import { MAIN_BRANCH } from "../../shared/schemas/branches.ts";
import { isoDate } from "../db/sql.ts";
import type { BranchRow } from "./queries.ts";

export function presentBranch(row: BranchRow): Branch {
  return {
    id: row.id,
    name: row.name,
    baseId: row.base_id,
    baseName: row.base_name ?? MAIN_BRANCH,
    protected: row.protected,
    createdAt: isoDate(row.created_at),
    createdBy: row.created_by_name,
    mergedAt: row.merged_at === null ? null : isoDate(row.merged_at),
    merges: Number(row.merges),
    archivedAt: row.archived_at === null ? null : isoDate(row.archived_at),
    changes: {
      keysAdded: Number(row.keys_added),
      keysChanged: Number(row.keys_changed),
      keysDeleted: Number(row.keys_deleted),
      strings: Number(row.strings),
    },
  };
}
