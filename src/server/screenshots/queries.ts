import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { ScreenshotRect } from "../../shared/schemas/screenshots.ts";
import type { DB, ScreenshotKeysTable, ScreenshotsTable } from "../db/schema.ts";

/** Reads and writes of screenshots and their links: only the SQL (the service checks access first). */

type Db = Kysely<DB> | Transaction<DB>;

/** A screenshot's row without its bytes (lists never carry them). */
export type ScreenshotRow = Omit<Selectable<ScreenshotsTable>, "data">;
export type LinkRow = Pick<
  Selectable<ScreenshotKeysTable>,
  "screenshot_id" | "key_id" | "rect_x" | "rect_y" | "rect_width" | "rect_height" | "created_at"
>;

const META = [
  "screenshots.id",
  "screenshots.project_id",
  "screenshots.name",
  "screenshots.mime",
  "screenshots.width",
  "screenshots.height",
  "screenshots.byte_size",
  "screenshots.sha256",
  "screenshots.created_by",
  "screenshots.created_at",
] as const;

const LINK = [
  "screenshot_keys.screenshot_id",
  "screenshot_keys.key_id",
  "screenshot_keys.rect_x",
  "screenshot_keys.rect_y",
  "screenshot_keys.rect_width",
  "screenshot_keys.rect_height",
  "screenshot_keys.created_at",
] as const;

/** The rectangle of a link row; null when it covers the whole image. */
export function rectOf(row: Pick<LinkRow, "rect_x" | "rect_y" | "rect_width" | "rect_height">) {
  if (row.rect_x === null || row.rect_y === null || row.rect_width === null || row.rect_height === null) {
    return null;
  }
  return { x: row.rect_x, y: row.rect_y, width: row.rect_width, height: row.rect_height };
}

export function rectColumns(rect: ScreenshotRect | null) {
  return {
    rect_x: rect?.x ?? null,
    rect_y: rect?.y ?? null,
    rect_width: rect?.width ?? null,
    rect_height: rect?.height ?? null,
  };
}

export function selectScreenshot(db: Db, id: string): Promise<ScreenshotRow | undefined> {
  return db.selectFrom("screenshots").select(META).where("id", "=", id).executeTakeFirst();
}

export function insertScreenshot(db: Db, values: Insertable<ScreenshotsTable>): Promise<ScreenshotRow> {
  return db.insertInto("screenshots").values(values).returning(META).executeTakeFirstOrThrow();
}

export async function deleteScreenshot(db: Db, id: string): Promise<void> {
  await db.deleteFrom("screenshots").where("id", "=", id).execute();
}

/**
 * The links of these screenshots to keys the reader sees, most recent first. A link may name a key
 * added on a branch (or one a branch deleted, until it merges): on main, or on another branch, that
 * key does not exist, so its link is not listed there (on a branch `translation_keys` is its view).
 */
export function selectLinks(db: Db, screenshotIds: readonly string[]): Promise<LinkRow[]> {
  if (screenshotIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("screenshot_keys")
    .select(LINK)
    .where("screenshot_id", "in", screenshotIds)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("translation_keys as k").select("k.id").whereRef("k.id", "=", "screenshot_keys.key_id"),
      ),
    )
    .orderBy("created_at", "desc")
    .orderBy("key_id")
    .execute();
}

/** The project's screenshots, newest first. */
export function selectProjectScreenshots(db: Db, projectId: string): Promise<ScreenshotRow[]> {
  return db
    .selectFrom("screenshots")
    .select(META)
    .where("project_id", "=", projectId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** A key's screenshots with the key's link, most recently linked first. */
export function selectKeyScreenshots(db: Db, keyId: string) {
  return db
    .selectFrom("screenshot_keys")
    .innerJoin("screenshots", "screenshots.id", "screenshot_keys.screenshot_id")
    .select([...META, ...LINK.filter((column) => column !== "screenshot_keys.created_at")])
    .select("screenshot_keys.created_at as linked_at")
    .where("screenshot_keys.key_id", "=", keyId)
    .orderBy("screenshot_keys.created_at", "desc")
    .orderBy("screenshots.created_at", "desc")
    .orderBy("screenshots.id")
    .execute();
}

/** Which of `keyIds` are keys of the project. */
export async function selectProjectKeyIds(db: Db, projectId: string, keyIds: readonly string[]) {
  if (keyIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    .where("id", "in", keyIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Adds links, or gives a key already linked its new rectangle (a later link moves it to the front). */
export async function upsertLinks(
  db: Db,
  screenshotId: string,
  links: readonly { keyId: string; rect: ScreenshotRect | null }[],
): Promise<void> {
  if (links.length === 0) return;
  const now = new Date();
  await db
    .insertInto("screenshot_keys")
    .values(
      links.map((link) => ({
        screenshot_id: screenshotId,
        key_id: link.keyId,
        created_at: now,
        ...rectColumns(link.rect),
      })),
    )
    .onConflict((oc) =>
      oc.columns(["screenshot_id", "key_id"]).doUpdateSet((eb) => ({
        rect_x: eb.ref("excluded.rect_x"),
        rect_y: eb.ref("excluded.rect_y"),
        rect_width: eb.ref("excluded.rect_width"),
        rect_height: eb.ref("excluded.rect_height"),
      })),
    )
    .execute();
}

/** True when a link was there to delete. */
export async function deleteLink(db: Db, screenshotId: string, keyId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom("screenshot_keys")
    .where("screenshot_id", "=", screenshotId)
    .where("key_id", "=", keyId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export interface KeyScreenshotImage {
  mime: string;
  data: Buffer;
  rect: { x: number; y: number; width: number; height: number } | null;
  width: number;
  height: number;
}

/**
 * For the AI calls (single and batch translation): per key, the most recently linked screenshot no
 * larger than `maxBytes`, with the key's rectangle, bytes included. At most one image per key, so a
 * batch of 50 keys sends at most 50 images; keys without one are absent from the map. The bytes come
 * from `screenshots.data` (the database store, src/server/screenshots/store.ts).
 */
export async function loadKeyScreenshots(
  db: Db,
  keyIds: string[],
  opts: { maxBytes: number },
): Promise<Map<string, KeyScreenshotImage>> {
  const found = new Map<string, KeyScreenshotImage>();
  if (keyIds.length === 0) return found;
  const rows = await db
    .selectFrom("screenshot_keys")
    .innerJoin("screenshots", "screenshots.id", "screenshot_keys.screenshot_id")
    .distinctOn("screenshot_keys.key_id")
    .select([
      "screenshot_keys.key_id",
      "screenshot_keys.rect_x",
      "screenshot_keys.rect_y",
      "screenshot_keys.rect_width",
      "screenshot_keys.rect_height",
      "screenshots.mime",
      "screenshots.width",
      "screenshots.height",
      "screenshots.data",
    ])
    .where("screenshot_keys.key_id", "in", [...new Set(keyIds)])
    .where("screenshots.byte_size", "<=", opts.maxBytes)
    .where("screenshots.data", "is not", null)
    .orderBy("screenshot_keys.key_id")
    .orderBy("screenshot_keys.created_at", "desc")
    .orderBy("screenshots.created_at", "desc")
    .orderBy("screenshots.id")
    .execute();
  for (const row of rows) {
    if (!row.data) continue;
    found.set(row.key_id, {
      mime: row.mime,
      data: Buffer.from(row.data),
      rect: rectOf(row),
      width: row.width,
      height: row.height,
    });
  }
  return found;
}

/** Keeps a screenshot's bytes in its row, or clears them (null). */
export async function updateScreenshotData(db: Db, id: string, data: Buffer | null): Promise<void> {
  await db.updateTable("screenshots").set({ data }).where("id", "=", id).execute();
}

export function selectScreenshotData(db: Db, id: string) {
  return db.selectFrom("screenshots").select("data").where("id", "=", id).executeTakeFirst();
}
