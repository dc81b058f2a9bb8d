import { api } from "../../../lib/api.ts";

/** GET /api/teams/:teamId/glossary/export: the glossary as CSV, named glossary.csv. */
export async function exportGlossary(teamId: string): Promise<{ blob: Blob; fileName: string }> {
  const answer = await api.glossary.exportCsv({ params: { teamId } });
  // The client hands file answers over as the browser's Blob (the contract types them structurally).
  return { blob: answer.blob as Blob, fileName: answer.fileName ?? "glossary.csv" };
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
