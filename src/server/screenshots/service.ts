import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { ProjectEvent } from "../../shared/events.ts";
import { isUuid } from "../../shared/ids.ts";
import type { Permission } from "../../shared/permissions.ts";
import {
  type KeyScreenshot,
  type linkScreenshotBodySchema,
  SCREENSHOT_NAME_MAX,
  type Screenshot,
  type ScreenshotMime,
  type ScreenshotRect,
} from "../../shared/schemas/screenshots.ts";
import { currentBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Access } from "../teams/access.ts";
import { checkScreenshot } from "./image-check.ts";
import { mimeOf, presentKeyScreenshot, presentScreenshot } from "./present.ts";
import {
  deleteLink,
  deleteScreenshot,
  insertScreenshot,
  type ScreenshotRow,
  selectKeyScreenshots,
  selectLinks,
  selectProjectKeyIds,
  selectProjectScreenshots,
  selectScreenshot,
  upsertLinks,
} from "./queries.ts";
import type { ScreenshotStore } from "./store.ts";

export interface UploadedScreenshot {
  /** The client's file name: shown as the screenshot's name, never used to decide anything. */
  name: string;
  bytes: Uint8Array;
  /** The part's Content-Type, if the client sent one: it must agree with the bytes. */
  declaredType: string | undefined;
}

/** The image as served: the type its bytes proved, and its hash for the ETag. */
export interface ScreenshotImage {
  mime: ScreenshotMime;
  sha256: string;
  data: Buffer;
}

/** The file's own name without folders or control characters; 'Screenshot' when nothing is left. */
export function screenshotName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean === "" ? "Screenshot" : clean.slice(0, SCREENSHOT_NAME_MAX);
}

/** A rectangle must lie inside the image it marks. */
function checkRect(rect: ScreenshotRect | null, image: Pick<ScreenshotRow, "width" | "height">) {
  if (rect && (rect.x + rect.width > image.width || rect.y + rect.height > image.height)) {
    throw new AppError(
      "validation_failed",
      `The rectangle must lie inside the image (${image.width} × ${image.height} pixels)`,
    );
  }
}

/**
 * Screenshots of a project's keys (issue 21). Reading them is `screenshots.view`, changing them
 * `screenshots.manage`; a screenshot or key of a project the caller is not in does not exist for
 * them (404). Every change tells open editors which keys' screenshots changed (`screenshots.updated`),
 * after the transaction commits.
 */
export function createScreenshotService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  store: ScreenshotStore;
  maxBytes: number;
}) {
  const { db, access, events, store, maxBytes } = deps;

  async function screenshotFor(userId: string, id: string, permission: Permission) {
    if (!isUuid(id)) throw new AppError("not_found", "Screenshot not found");
    const row = await selectScreenshot(db, id);
    if (!row) throw new AppError("not_found", "Screenshot not found");
    await access.project(userId, row.project_id, permission).catch(notFoundAs("Screenshot"));
    return row;
  }

  async function present(row: ScreenshotRow): Promise<Screenshot> {
    return presentScreenshot(row, await selectLinks(db, [row.id]));
  }

  /** Told to the branch's viewers and to main's: a screenshot is shared by both. */
  async function publish(projectId: string, keyIds: readonly string[]) {
    if (keyIds.length === 0) return;
    const event: ProjectEvent = { type: "screenshots.updated", data: { keyIds: [...new Set(keyIds)] } };
    await events.publish(projectId, [event]);
    if (currentBranch()) await onMain(() => events.publish(projectId, [event]));
  }

  return {
    /** Keeps the image, linked to the key: as a whole, or with the key's rectangle on it (in-context editing). */
    async upload(
      userId: string,
      keyId: string,
      file: UploadedScreenshot,
      rect: ScreenshotRect | null = null,
    ): Promise<Screenshot> {
      const { key } = await access.key(userId, keyId, "screenshots.manage");
      const image = checkScreenshot(file.bytes, { maxBytes, declaredType: file.declaredType });
      checkRect(rect, image);
      const sha256 = createHash("sha256").update(file.bytes).digest("hex");
      const row = await db.transaction().execute(async (tx) => {
        const inserted = await insertScreenshot(tx, {
          project_id: key.project_id,
          name: screenshotName(file.name),
          mime: image.mime,
          width: image.width,
          height: image.height,
          byte_size: file.bytes.length,
          sha256,
          created_by: userId,
        });
        await store.put(tx, inserted.id, file.bytes);
        await upsertLinks(tx, inserted.id, [{ keyId, rect }]);
        return inserted;
      });
      await publish(key.project_id, [keyId]);
      return present(row);
    },

    async listForKey(userId: string, keyId: string): Promise<KeyScreenshot[]> {
      await access.key(userId, keyId, "screenshots.view");
      const rows = await selectKeyScreenshots(db, keyId);
      return rows.map(presentKeyScreenshot);
    },

    async listForProject(userId: string, projectId: string): Promise<Screenshot[]> {
      await access.project(userId, projectId, "screenshots.view");
      const rows = await selectProjectScreenshots(db, projectId);
      const links = await selectLinks(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => presentScreenshot(row, links));
    },

    async image(userId: string, id: string): Promise<ScreenshotImage> {
      const row = await screenshotFor(userId, id, "screenshots.view");
      const data = await store.get(db, id);
      if (!data) throw new AppError("not_found", "Screenshot not found");
      return { mime: mimeOf(row), sha256: row.sha256, data };
    },

    async link(
      userId: string,
      id: string,
      body: z.output<typeof linkScreenshotBodySchema>,
    ): Promise<Screenshot> {
      const row = await screenshotFor(userId, id, "screenshots.manage");
      for (const link of body.links) checkRect(link.rect, row);
      const keyIds = body.links.map((link) => link.keyId);
      await db.transaction().execute(async (tx) => {
        const ofProject = await selectProjectKeyIds(tx, row.project_id, keyIds);
        if (keyIds.some((keyId) => !ofProject.has(keyId))) {
          throw new AppError("validation_failed", "Every key must be a key of the screenshot's project");
        }
        await upsertLinks(tx, id, body.links);
      });
      await publish(row.project_id, keyIds);
      return present(row);
    },

    async unlink(userId: string, id: string, keyId: string): Promise<Screenshot> {
      const row = await screenshotFor(userId, id, "screenshots.manage");
      if (!(await deleteLink(db, id, keyId))) {
        throw new AppError("not_found", "This screenshot is not linked to that key");
      }
      await publish(row.project_id, [keyId]);
      return present(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await screenshotFor(userId, id, "screenshots.manage");
      const keyIds = (await selectLinks(db, [id])).map((link) => link.key_id);
      await db.transaction().execute(async (tx) => {
        await store.remove(tx, id);
        await deleteScreenshot(tx, id);
      });
      await publish(row.project_id, keyIds);
    },
  };
}

export type ScreenshotService = ReturnType<typeof createScreenshotService>;
