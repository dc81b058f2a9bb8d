import { type Kysely, sql, type Transaction } from "kysely";
import { ACTIVITY_KEYS_KEPT, type ActivityKind } from "../../shared/schemas/activity.ts";
import type { DB } from "../db/schema.ts";

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

export async function recordActivity(trx: Trx, entry: ActivityInput): Promise<RecordedActivity> {
  const keys = keptKeys(entry.keys);
  const row = await trx
    .insertInto("activity")
    .values({
      team_id: entry.teamId,
      project_id: entry.projectId,
      user_id: entry.userId,
      kind: entry.kind,
      count: entry.count ?? entry.keys?.length ?? 0,
      key_ids: keys.ids,
      key_names: keys.names,
      languages: [...new Set(entry.languages ?? [])],
      details: JSON.stringify(entry.details ?? {}),
    })
    .returning(["id", "project_id"])
    .executeTakeFirstOrThrow();
  return { id: String(row.id), projectId: row.project_id };
}

/**
 * A person's string edits: one entry per user, project and minute. A second save in the same minute
 * finds the entry through the partial unique index and grows it (count summed, keys appended up to
 * ACTIVITY_KEYS_KEPT without repeats, languages unioned) instead of adding a line per keystroke-save.
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
  const languages = [...new Set(input.languages)];
  // The minute is the database's, like created_at, so two servers with skewed clocks group alike.
  const result = await sql<{ id: string | number; project_id: string }>`
    insert into activity as a (team_id, project_id, user_id, kind, minute, count, key_ids, key_names, languages)
    values (${input.teamId}, ${input.projectId}, ${input.userId}, 'strings.edited', date_trunc('minute', now()),
      ${input.count}, ${sql.val(keys.ids)}::uuid[], ${sql.val(keys.names)}::text[], ${sql.val(languages)}::text[])
    on conflict (project_id, user_id, minute) where kind = 'strings.edited' do update set
      count = a.count + excluded.count,
      key_ids = (select coalesce(array_agg(k.id order by k.n), '{}') from (
          select id, min(n) as n from unnest(a.key_ids || excluded.key_ids, a.key_names || excluded.key_names)
            with ordinality as u(id, name, n) group by id order by min(n) limit ${ACTIVITY_KEYS_KEPT}
        ) k),
      key_names = (select coalesce(array_agg(k.name order by k.n), '{}') from (
          select id, (array_agg(name order by n desc))[1] as name, min(n) as n
            from unnest(a.key_ids || excluded.key_ids, a.key_names || excluded.key_names)
            with ordinality as u(id, name, n) group by id order by min(n) limit ${ACTIVITY_KEYS_KEPT}
        ) k),
      languages = (select array_agg(distinct l order by l) from unnest(a.languages || excluded.languages) as l)
    returning a.id, a.project_id`.execute(trx);
  const row = result.rows[0];
  if (!row) return null;
  return { id: String(row.id), projectId: row.project_id };
}
