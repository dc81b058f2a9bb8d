import { api } from "../../../lib/api.ts";

/** The glossary as CSV, named glossary.csv. */
export async function exportGlossary(teamId: string): Promise<{ blob: Blob; fileName: string }> {
  const answer = await api.glossary.exportCsv({ params: { teamId } });
  // The client hands file answers over as the browser's Blob (the contract types them structurally).
  return { blob: answer.blob as Blob, fileName: answer.fileName ?? "glossary.csv" };
}
