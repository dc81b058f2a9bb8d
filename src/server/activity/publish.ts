import type { Kysely } from "kysely";
import { ACTIVITY_KINDS, type ActivityEntry } from "../../shared/schemas/activity.ts";
import type { DB } from "../db/schema.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Logger } from "../logger.ts";
import { presentEntry } from "./present.ts";
import { selectBatchCompletedEntry, selectEntries } from "./queries.ts";
import type { RecordedActivity } from "./record.ts";

/**
 * Tells a project's open Activity tabs about entries its change recorded. Call after the commit
 * (an entry of a change that rolled back must never be seen). Only string work travels: every
 * member who may open the project's stream may see it, while API-key entries are for owners and
 * admins only; those and team-wide entries (no project stream) are read on the next load. A failure here is logged, not thrown: the change and its
 * entry are committed, and the request that made them has succeeded.
 */
const isStringWork = (kind: string) =>
  kind in ACTIVITY_KINDS && ACTIVITY_KINDS[kind as keyof typeof ACTIVITY_KINDS].stringWork;

/** NOTIFY carries at most 8000 bytes: an entry naming many long keys names fewer (the feed has all). */
const MAX_EVENT_BYTES = 6000;

function fitted(entry: ActivityEntry): ActivityEntry {
  const keys = [...entry.keys];
  while (keys.length > 0 && Buffer.byteLength(JSON.stringify({ ...entry, keys })) > MAX_EVENT_BYTES) {
    keys.pop();
  }
  return { ...entry, keys };
}

export async function publishActivity(
  deps: { db: Kysely<DB>; events: Pick<EventBus, "publish">; logger?: Logger },
  recorded: readonly (RecordedActivity | null | undefined)[],
): Promise<void> {
  const ids = recorded.flatMap((entry) => (entry?.projectId ? [entry.id] : []));
  if (ids.length === 0) return;
  try {
    const rows = await selectEntries(deps.db, [...new Set(ids)]);
    const byProject = new Map<string, ActivityEntry[]>();
    for (const row of rows) {
      if (!row.project_id || !isStringWork(row.kind)) continue;
      const list = byProject.get(row.project_id) ?? [];
      list.push(fitted(presentEntry(row)));
      byProject.set(row.project_id, list);
    }
    for (const [projectId, entries] of byProject) {
      await deps.events.publish(
        projectId,
        entries.map((data) => ({ type: "activity.created" as const, data })),
      );
    }
  } catch (error) {
    deps.logger?.warn({ err: error }, "activity not published");
  }
}

/**
 * A batch job's `batch.completed` entry, published after the transaction that finished the job
 * (the chunk worker's settle step answers the job row, so the entry is found by its job).
 */
export async function publishBatchCompleted(
  deps: { db: Kysely<DB>; events: Pick<EventBus, "publish">; logger?: Logger },
  job: { id: string; project_id: string },
): Promise<void> {
  const entry = await selectBatchCompletedEntry(deps.db, job.project_id, job.id).catch((error: unknown) => {
    deps.logger?.warn({ err: error }, "activity not published");
    return undefined;
  });
  if (entry) await publishActivity(deps, [{ id: String(entry.id), projectId: entry.project_id }]);
}
