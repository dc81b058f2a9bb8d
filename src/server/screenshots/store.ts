import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";
import { selectScreenshotData, updateScreenshotData } from "./queries.ts";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Where a screenshot's bytes are kept, apart from its row (name, type, size, links). Every method
 * takes the caller's executor, so a database store writes in the same transaction as the row. The
 * database store is the one in use: app servers share the database, so they share the images; an
 * object store could implement this later (its `put` would then run before the row commits).
 */
export interface ScreenshotStore {
  /** Keeps the bytes of the screenshot `id`, whose row exists (in `db`'s transaction). */
  put(db: Db, id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when the store has none for `id`. */
  get(db: Db, id: string): Promise<Buffer | undefined>;
  /** Drops the bytes (before or with the row). */
  remove(db: Db, id: string): Promise<void>;
}

/** The bytes in `screenshots.data`: deleting the row deletes them, so `remove` only clears them. */
export const databaseScreenshotStore: ScreenshotStore = {
  async put(db, id, bytes) {
    await updateScreenshotData(db, id, Buffer.from(bytes));
  },
  async get(db, id) {
    const row = await selectScreenshotData(db, id);
    return row?.data ? Buffer.from(row.data) : undefined;
  },
  async remove(db, id) {
    await updateScreenshotData(db, id, null);
  },
};
