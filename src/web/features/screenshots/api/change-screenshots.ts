import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Screenshot, ScreenshotLink } from "../../../../shared/schemas/screenshots.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** The server decides the type from the bytes. */
export function uploadScreenshot(keyId: string, file: File): Promise<Screenshot> {
  return api.screenshots.upload({ params: { keyId }, body: { file } });
}

/** Links to add, or new rectangles for keys already linked. */
export function linkScreenshot(id: string, links: ScreenshotLink[]): Promise<Screenshot> {
  return api.screenshots.link({ params: { id }, body: { links } });
}

export function deleteScreenshot(id: string): Promise<void> {
  return api.screenshots.remove({ params: { id } }).then(() => undefined);
}

/** Every change refetches the project's screenshots (one list serves every key of it). */
function useRefresh(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.projectScreenshots(projectId) });
}

export function useUploadScreenshot(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationKey: mutationKeys.screenshots.upload(),
    mutationFn: ({ keyId, file }: { keyId: string; file: File }) => uploadScreenshot(keyId, file),
    onSuccess: refresh,
  });
}

export function useLinkScreenshot(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationKey: mutationKeys.screenshots.link(),
    mutationFn: ({ id, links }: { id: string; links: ScreenshotLink[] }) => linkScreenshot(id, links),
    onSuccess: refresh,
  });
}

export function useDeleteScreenshot(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationKey: mutationKeys.screenshots.remove(),
    mutationFn: (id: string) => deleteScreenshot(id),
    onSuccess: refresh,
  });
}
