import type { Kysely, Transaction } from "kysely";
import { ACTIVITY_KEYS_KEPT, type ActivityKind } from "../../shared/schemas/activity.ts";
import { currentBranch } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { insertActivity, upsertStringEdits } from "./queries.ts";

/**
 * THE writer of the activity feed (issue 22). Every call takes the transaction of the change it
 * records, so an entry exists exactly when its change does: a change that rolls back takes its entry
 * along, and no entry is written for a change that never happened.
 */

type Trx = Transaction<DB> | Kysely<DB>;

/** What only one kind says (a file name, a role, an old key name…); flat, as the contract answers it. */
export type ActivityDetails = Record<string, string | number | boolean | null>;

export interface ActivityKeyRef {
  id: string;
  key: string;
}

export interface ActivityInput {
  teamId: string;
  /** null: a team-wide entry (members, API keys of the team, tone, glossary). */
  projectId: string | null;
  /** null: the system (nobody to name). */
  userId: string | null;
  kind: ActivityKind;
  count?: number;
  keys?: readonly ActivityKeyRef[];
  languages?: readonly string[];
  details?: ActivityDetails;
}

/** What the service publishes after its commit (see publish.ts): only project entries travel. */
export interface RecordedActivity {
  id: string;
  projectId: string | null;
}

function keptKeys(keys: readonly ActivityKeyRef[] = []) {
  const kept = keys.slice(0, ACTIVITY_KEYS_KEPT);
  return { ids: kept.map((key) => key.id), names: kept.map((key) => key.key) };
}

/**
 * The branch a change was made on, by name (the feed says "… on feature/checkout"); nothing on main.
 * A branch's own entries (started, merged, deleted) name their branch themselves, and theirs wins.
 */
function branchDetails(): { branch?: string } {
  const branch = currentBranch();
  return branch ? { branch: branch.name } : {};
}

export async function recordActivity(trx: Trx, entry: ActivityInput): Promise<RecordedActivity> {
  const keys = keptKeys(entry.keys);
  const row = await insertActivity(trx, {
    team_id: entry.teamId,
    project_id: entry.projectId,
    user_id: entry.userId,
    kind: entry.kind,
    count: entry.count ?? entry.keys?.length ?? 0,
    key_ids: keys.ids,
    key_names: keys.names,
    languages: [...new Set(entry.languages ?? [])],
    details: JSON.stringify({ ...branchDetails(), ...entry.details }),
  });
  return { id: String(row.id), projectId: row.project_id };
}

/**
 * A person's string edits: one entry per user, project and minute. A second save in the same minute
 * finds the entry through the partial unique index and grows it (count summed, keys appended up to
 * ACTIVITY_KEYS_KEPT without repeats, languages unioned) instead of adding a line per keystroke-save.
 * Edits on a branch are an entry of their own, apart from main's of the same minute.
 */
export async function recordStringEdits(
  trx: Trx,
  input: {
    teamId: string;
    projectId: string;
    userId: string;
    keys: readonly ActivityKeyRef[];
    languages: readonly string[];
    count: number;
  },
): Promise<RecordedActivity | null> {
  if (input.count <= 0) return null;
  const keys = keptKeys(input.keys);
  const row = await upsertStringEdits(trx, {
    teamId: input.teamId,
    projectId: input.projectId,
    userId: input.userId,
    count: input.count,
    keyIds: keys.ids,
    keyNames: keys.names,
    languages: [...new Set(input.languages)],
    details: branchDetails(),
  });
  if (!row) return null;
  return { id: String(row.id), projectId: row.project_id };
}
