import type { KeyMetadata } from "../../shared/schemas/keys.ts";

/** The metadata columns of `translation_keys` as a query returns them. */
export interface KeyMetaColumns {
  description: string | null;
  context: string | null;
  tags: string[] | string | null;
  max_length: number | null;
  translatable: boolean;
  value_type: string | null;
}

/** PGlite may hand a text[] over in its literal form `{a,b}`; node-postgres gives an array. */
function tagsOf(tags: KeyMetaColumns["tags"]): string[] {
  if (tags === null) return [];
  if (Array.isArray(tags)) return tags;
  if (tags === "{}") return [];
  return tags
    .slice(1, -1)
    .split(",")
    .map((tag) => tag.replace(/^"(.*)"$/, "$1").replace(/\\(.)/g, "$1"));
}

/** The API's metadata fields of a key row: only those that are set. */
export function keyMetadataOf(row: KeyMetaColumns): KeyMetadata {
  const tags = tagsOf(row.tags);
  return {
    ...(row.description ? { description: row.description } : {}),
    ...(row.context ? { context: row.context } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(row.max_length !== null ? { maxLength: row.max_length } : {}),
    ...(row.translatable === false ? { translatable: false as const } : {}),
    ...(row.value_type === "json" ? { valueType: "json" as const } : {}),
  };
}
