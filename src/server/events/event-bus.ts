import type { Kysely } from "kysely";
import pg from "pg";
import type { ProjectEvent } from "../../shared/events.ts";
import { currentBranch } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import type { Logger } from "../logger.ts";
import { notify, selectUpdatedCell } from "./queries.ts";

const CHANNEL = "sprog_events";
/** NOTIFY payloads must stay under 8000 bytes; a larger event travels as a reference. */
const MAX_PAYLOAD = 7500;

interface Envelope {
  projectId: string;
  /** The branch the change was made on (issue 39); absent: main. */
  branchId?: string;
  event: ProjectEvent;
}
/** A string event too large for NOTIFY: listeners load the cell themselves. */
interface Reference {
  projectId: string;
  branchId?: string;
  ref: { keyId: string; language: string };
}

/** Who listens to a project's events: main's viewers, or one branch's (a stream is about one). */
function streamOf(projectId: string, branchId: string | undefined): string {
  return branchId ? `${projectId}/${branchId}` : projectId;
}

/**
 * Someone's access may have ended: a member left or was removed (userId and teamId), a team was
 * deleted (teamId), a session was signed out (userId). Open event streams that match re-check their
 * access at once. It travels with the events, so streams on every server process hear it, and is
 * never sent to a client.
 */
export interface AccessChange {
  userId?: string;
  teamId?: string;
}
interface AccessNotice {
  access: AccessChange;
}

type Listener = (event: ProjectEvent) => void;

export interface EventBus {
  /** Call after the transaction that made the change has committed. */
  publish(projectId: string, events: ProjectEvent[]): Promise<void>;
  /** A project's events on main, or on the branch `branchId`. */
  subscribe(projectId: string, listener: Listener, branchId?: string): () => void;
  /**
   * Told the id of every project that changed: at once for a change published by this process
   * (so a request that follows the change here sees it), and on delivery for one from another.
   */
  subscribeChanges(listener: (projectId: string) => void): () => void;
  /** Call after the change that ended someone's access has committed. */
  accessChanged(change: AccessChange): Promise<void>;
  subscribeAccessChanges(listener: (change: AccessChange) => void): () => void;
  close(): Promise<void>;
}

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY, so an edit on one server process reaches viewers on
 * every other.
 */
export async function createEventBus(options: {
  db: Kysely<DB>;
  databaseUrl: string;
  logger: Logger;
}): Promise<EventBus> {
  const { db, logger } = options;
  const listeners = new Map<string, Set<Listener>>();
  const changeListeners = new Set<(projectId: string) => void>();
  const accessListeners = new Set<(change: AccessChange) => void>();

  function changed(projectId: string) {
    for (const listener of changeListeners) {
      try {
        listener(projectId);
      } catch (error) {
        logger.warn({ err: error }, "a change listener failed");
      }
    }
  }

  async function deliver(payload: string) {
    let message: Envelope | Reference | AccessNotice;
    try {
      message = JSON.parse(payload) as Envelope | Reference | AccessNotice;
    } catch {
      return;
    }
    if ("access" in message) {
      for (const listener of accessListeners) {
        try {
          listener(message.access);
        } catch (error) {
          logger.warn({ err: error }, "an access listener failed");
        }
      }
      return;
    }
    changed(message.projectId);
    const targets = listeners.get(streamOf(message.projectId, message.branchId));
    if (!targets || targets.size === 0) return;
    let event: ProjectEvent | undefined;
    if ("event" in message) event = message.event;
    // A branch's cell is read on that branch: its viewers load the cell as they reconnect instead.
    else if (!message.branchId) event = await loadStringEvent(message.ref.keyId, message.ref.language);
    if (!event) return;
    for (const listener of targets) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error }, "a realtime listener failed");
      }
    }
  }

  async function loadStringEvent(keyId: string, language: string): Promise<ProjectEvent | undefined> {
    const row = await selectUpdatedCell(db, keyId, language);
    if (!row) return undefined;
    return {
      type: "string.updated",
      data: {
        keyId,
        language,
        cell: { value: row.value, version: row.version, updatedAt: isoDate(row.updated_at) },
        by: row.updated_by,
      },
    };
  }

  // A connection of its own: a pooled one would stop listening when returned to the pool.
  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on("error", (error) => logger.warn({ err: error }, "realtime connection error"));
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload) void deliver(message.payload);
  });
  await client.connect();
  await client.query(`listen ${CHANNEL}`);
  const stopListening = () => client.end();

  return {
    async publish(projectId, events) {
      if (events.length > 0) changed(projectId);
      // A change made on a branch reaches that branch's viewers only (db/branch-scope.ts).
      const branchId = currentBranch()?.id;
      for (const event of events) {
        let payload = JSON.stringify({ projectId, branchId, event } satisfies Envelope);
        if (payload.length > MAX_PAYLOAD && event.type === "string.updated") {
          payload = JSON.stringify({
            projectId,
            branchId,
            ref: { keyId: event.data.keyId, language: event.data.language },
          } satisfies Reference);
        }
        await notify(db, CHANNEL, payload);
      }
    },
    subscribe(projectId, listener, branchId) {
      const stream = streamOf(projectId, branchId);
      let set = listeners.get(stream);
      if (!set) {
        set = new Set();
        listeners.set(stream, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(stream);
      };
    },
    subscribeChanges(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    async accessChanged(change) {
      const payload = JSON.stringify({ access: change } satisfies AccessNotice);
      await notify(db, CHANNEL, payload);
    },
    subscribeAccessChanges(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      changeListeners.clear();
      accessListeners.clear();
      await stopListening().catch(() => {});
    },
  };
}
