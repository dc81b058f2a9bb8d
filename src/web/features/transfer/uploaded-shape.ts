import type { FileTemplate } from "../../../shared/schemas/file-templates.ts";

/**
 * Whether Export should start on nested JSON: the shape of the project's newest uploaded JSON file
 * (issue 34: a project imported from nested files exports nested unless asked otherwise).
 * Undefined when no JSON file was uploaded, or while the list is unknown.
 */
export function uploadedJsonNested(
  files: readonly Pick<FileTemplate, "format" | "nested" | "uploadedAt">[] | undefined,
): boolean | undefined {
  let newest: Pick<FileTemplate, "nested" | "uploadedAt"> | undefined;
  for (const file of files ?? []) {
    if (file.format !== "json" || file.nested === null) continue;
    if (!newest || file.uploadedAt > newest.uploadedAt) newest = file;
  }
  return newest?.nested ?? undefined;
}
