import type { ExportBody } from "../../../../shared/schemas/transfer.ts";
import { api } from "../../../lib/api.ts";

/** The zip, named translations-{projectId}.zip. */
export async function exportZip(
  projectId: string,
  body: ExportBody,
): Promise<{ blob: Blob; fileName: string }> {
  const answer = await api.transfer.export({ params: { projectId }, body });
  // The client hands file answers over as the browser's Blob (the contract types them structurally).
  return { blob: answer.blob as Blob, fileName: answer.fileName ?? `translations-${projectId}.zip` };
}
