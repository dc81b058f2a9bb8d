import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Screenshot, ScreenshotRect } from "../../../../shared/schemas/screenshots.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** A screenshot as one key shows it: with that key's rectangle (null: the whole image). */
export interface KeyScreenshotView {
  screenshot: Screenshot;
  rect: ScreenshotRect | null;
}

/** Every screenshot of the project with its links. */
export async function listProjectScreenshots(projectId: string): Promise<Screenshot[]> {
  const answer = await api.screenshots.listForProject({ params: { projectId } });
  return answer.screenshots;
}

/**
 * One query per project, shared by every key's button (the count) and its dialog (the images):
 * the Overview asks once, not once per row.
 */
export function projectScreenshotsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectScreenshots(projectId),
    queryFn: () => listProjectScreenshots(projectId),
  });
}

/** The screenshots linked to `keyId`, newest first, each with the key's rectangle. */
export function screenshotsOfKey(screenshots: readonly Screenshot[], keyId: string): KeyScreenshotView[] {
  const views: KeyScreenshotView[] = [];
  for (const screenshot of screenshots) {
    const link = screenshot.keys.find((entry) => entry.keyId === keyId);
    if (link) views.push({ screenshot, rect: link.rect });
  }
  return views;
}

export function useKeyScreenshots(projectId: string, keyId: string) {
  return useQuery({
    ...projectScreenshotsQueryOptions(projectId),
    select: (screenshots: Screenshot[]) => screenshotsOfKey(screenshots, keyId),
  });
}

/** How many screenshots the key has (0 while loading). */
export function useKeyScreenshotCount(projectId: string, keyId: string): number {
  const query = useQuery({
    ...projectScreenshotsQueryOptions(projectId),
    select: (screenshots: Screenshot[]) => screenshotsOfKey(screenshots, keyId).length,
  });
  return query.data ?? 0;
}
