import type { TableColumns } from "../../../../shared/formats/table-columns.ts";
import type { ImportResult } from "../../../../shared/schemas/transfer.ts";
import { api } from "../../../lib/api.ts";

export interface ImportFileInput {
  projectId: string;
  file: File;
  language: string;
  overwriteExisting: boolean;
  flattenNestedKeys: boolean;
  resetLanguageList: boolean;
  /** CSV and Excel: which column is what, as chosen in the dialog; unset, the server guesses. */
  columns?: TableColumns;
  /** The file its keys belong to (issue 33; "": the language's one file); unset, read from its name. */
  namespace?: string;
}

/** One transaction; the answer has the notice's counts. */
export function importFile(input: ImportFileInput): Promise<ImportResult> {
  const { projectId, columns, ...fields } = input;
  // A multipart field is text: the mapping travels as JSON.
  const body = columns === undefined ? fields : { ...fields, columns: JSON.stringify(columns) };
  return api.transfer.import({ params: { projectId }, body });
}
