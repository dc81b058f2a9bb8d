import type { ExportBody } from "../../../../shared/schemas/transfer.ts";
import { api } from "../../../lib/api.ts";

/** POST /api/projects/:id/export: the zip, named translations-{projectId}.zip. */
export async function exportZip(
  projectId: string,
  body: ExportBody,
): Promise<{ blob: Blob; fileName: string }> {
  const answer = await api.transfer.export({ params: { projectId }, body });
  // The client hands file answers over as the browser's Blob (the contract types them structurally).
  return { blob: answer.blob as Blob, fileName: answer.fileName ?? `translations-${projectId}.zip` };
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
