import type { KeyScreenshot, Screenshot, ScreenshotMime } from "../../shared/schemas/screenshots.ts";
import { isoDate } from "../db/sql.ts";
import { isScreenshotMime } from "./image-check.ts";
import { type LinkRow, rectOf, type ScreenshotRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/screenshots.ts): no raw row leaves the server. */

export const screenshotUrl = (id: string) => `/api/screenshots/${id}`;

/** The column's check constraint allows only these; anything else is a bug, not a user's mistake. */
export function mimeOf(row: Pick<ScreenshotRow, "mime" | "id">): ScreenshotMime {
  if (!isScreenshotMime(row.mime)) throw new Error(`screenshot ${row.id} has the type ${row.mime}`);
  return row.mime;
}

export function presentScreenshot(row: ScreenshotRow, links: readonly LinkRow[]): Screenshot {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    mime: mimeOf(row),
    width: row.width,
    height: row.height,
    byteSize: row.byte_size,
    createdAt: isoDate(row.created_at),
    url: screenshotUrl(row.id),
    keys: links
      .filter((link) => link.screenshot_id === row.id)
      .map((link) => ({ keyId: link.key_id, rect: rectOf(link) })),
  };
}

export function presentKeyScreenshot(
  row: ScreenshotRow & Pick<LinkRow, "rect_x" | "rect_y" | "rect_width" | "rect_height">,
): KeyScreenshot {
  return {
    id: row.id,
    name: row.name,
    mime: mimeOf(row),
    width: row.width,
    height: row.height,
    createdAt: isoDate(row.created_at),
    url: screenshotUrl(row.id),
    rect: rectOf(row),
  };
}
