import type { HistoryEntry, SavedString } from "../../shared/schemas/keys.ts";
import { isoDate } from "../db/sql.ts";
import { presentWrittenCell } from "../keys/present.ts";
import type { CurrentStringRow, HistoryRow } from "./queries.ts";
import type { WrittenString } from "./string-writer.ts";

/** Rows to the contract's answers (src/shared/schemas/keys.ts): no raw row leaves the server. */

/** The cell a 409 carries, so the editor can show what it would overwrite. */
export function presentCurrent(row: CurrentStringRow) {
  return {
    value: row.value,
    version: row.version,
    updatedAt: isoDate(row.updated_at),
    updatedBy: row.updated_by_name,
  };
}

export function presentSaved(keyId: string, language: string, written: WrittenString): SavedString {
  return { keyId, language, cell: presentWrittenCell(written) };
}

export function presentHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: Number(row.id),
    value: row.value,
    version: row.version,
    origin: row.origin as HistoryEntry["origin"],
    by: row.by,
    agent: row.agent,
    createdAt: isoDate(row.created_at),
  };
}
