import type { ImportResult } from "../../../../shared/schemas/transfer.ts";
import { api } from "../../../lib/api.ts";

export interface ImportFileInput {
  projectId: string;
  file: File;
  language: string;
  overwriteExisting: boolean;
  flattenNestedKeys: boolean;
  resetLanguageList: boolean;
}

/** POST /api/projects/:id/import (multipart): one transaction; the answer has the notice's counts. */
export function importFile(input: ImportFileInput): Promise<ImportResult> {
  const { projectId, ...body } = input;
  return api.transfer.import({ params: { projectId }, body });
}
