import { type ActivityEntry, activityKindSchema } from "../../shared/schemas/activity.ts";
import { isoDate } from "../db/sql.ts";
import type { EntryRow } from "./queries.ts";
import type { ActivityDetails } from "./record.ts";

/** Rows to the contract's entries (src/shared/schemas/activity.ts): no raw row leaves the server. */

function details(value: unknown): ActivityDetails {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const kept: ActivityDetails = {};
  for (const [name, item] of Object.entries(value)) {
    if (item === null || ["string", "number", "boolean"].includes(typeof item)) {
      kept[name] = item as string | number | boolean | null;
    }
  }
  return kept;
}

export function presentEntry(row: EntryRow): ActivityEntry {
  return {
    id: String(row.id),
    kind: activityKindSchema.parse(row.kind),
    createdAt: isoDate(row.created_at),
    user: row.user_id && row.user_name ? { id: row.user_id, name: row.user_name } : null,
    projectId: row.project_id,
    projectName: row.project_name ?? null,
    count: row.count,
    keys: row.key_ids.map((id, index) => ({ id, key: row.key_names[index] ?? "" })),
    languages: row.languages,
    details: details(row.details),
  };
}

/** The opaque cursor after `row`: its time to the microsecond and its id. */
export function cursorOf(row: EntryRow): string {
  return `${row.cursor_at}|${row.id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/;

export function parseCursor(cursor: string): { at: string; id: string } | null {
  const match = CURSOR.exec(cursor);
  return match?.[1] && match[2] ? { at: match[1], id: match[2] } : null;
}
