import { type ImportResult, importResultSchema } from "../../../../shared/schemas/transfer.ts";
import { apiRequest } from "../../../lib/api-client.ts";

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
  const form = new FormData();
  form.set("file", input.file);
  form.set("language", input.language);
  form.set("overwriteExisting", String(input.overwriteExisting));
  form.set("flattenNestedKeys", String(input.flattenNestedKeys));
  form.set("resetLanguageList", String(input.resetLanguageList));
  return apiRequest(`/api/projects/${encodeURIComponent(input.projectId)}/import`, importResultSchema, {
    method: "POST",
    body: form,
  });
}
