import type { ExportBody } from "../../../../shared/schemas/transfer.ts";
import { apiRequestFile } from "../../../lib/api-client.ts";

/** POST /api/projects/:id/export: the zip, named translations-{projectId}.zip. */
export async function exportZip(
  projectId: string,
  body: ExportBody,
): Promise<{ blob: Blob; fileName: string }> {
  const answer = await apiRequestFile(`/api/projects/${encodeURIComponent(projectId)}/export`, {
    method: "POST",
    body,
  });
  return { blob: answer.blob, fileName: answer.fileName ?? `translations-${projectId}.zip` };
}

/** Hands a file to the browser's download (an object URL on a temporary link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
