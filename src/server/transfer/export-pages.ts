import type { Kysely } from "kysely";
import type { FormatId, FormatMeta } from "../../shared/formats/types.ts";
import type { DB } from "../db/schema.ts";
import type { ExportRow } from "./export-entries.ts";
import { type Cursor, type MachineText, type StringsKept, selectExportPage } from "./export-page-query.ts";

/**
 * Keys per page of an export. A page is one statement: its rows are handed to the format worker
 * and dropped, so what the server holds does not grow with the project (issue 18).
 */
export const EXPORT_KEYS_PER_PAGE = 10_000;

export interface PagesRequest {
  projectId: string;
  format: FormatId;
  /** The languages whose strings each row carries. */
  languages: readonly string[];
  /** Keys by name (byte order) instead of their order in the files they came from. */
  sortKeys: boolean;
  keysPerPage?: number | undefined;
  /**
   * One namespace's keys (file-namespace.ts), each under its name in the file (`auth:title` of
   * `auth` is `title`); undefined: every key, as named.
   */
  namespace?: string | undefined;
  /** Machine text written into the files (issue 34); default: AI output, no pseudo-localization. */
  machine?: MachineText | undefined;
  /** Which strings of each language are written; undefined: all. */
  stringsKept?: StringsKept | undefined;
  /** Stops the reading between pages (a reader gone). */
  signal?: AbortSignal | undefined;
}

/**
 * A page of an export as JSON text: an array of `PageTuple`, keys in export order, only keys with
 * a string in the languages read. PostgreSQL writes it and the format worker parses it, so the
 * server's thread neither parses nor copies rows one by one (2.5 million strings at 250,000 keys
 * × 10 languages).
 */
export type ExportPage = string;

/** key, description, context, translatable, max_length, tags, value_type, meta, values, states */
type PageTuple = [
  string,
  string | null,
  string | null,
  boolean,
  number | null,
  string[],
  string | null,
  FormatMeta | null,
  Record<string, string | null>,
  Record<string, string | null> | null,
];

/**
 * The export's rows a page at a time, keyset-paged in export order: by position (the order of the
 * files the keys came from, issue 15) then name in byte order, keys without a position after
 * them by name; or by name alone. Each page is its own statement, so a slow reader holds no
 * transaction (on the embedded database that would hold every other request) unless the caller
 * runs this in one (the pull API's snapshot). Keys without strings in these languages make no
 * entries and are left out: the files are those of the one big query before.
 */
export async function* exportPages(db: Kysely<DB>, request: PagesRequest): AsyncGenerator<ExportPage> {
  const limit = request.keysPerPage ?? EXPORT_KEYS_PER_PAGE;
  // By name: one phase, every key as if it had no position.
  let phase: "positioned" | "rest" = request.sortKeys ? "rest" : "positioned";
  let cursor: Cursor | undefined;
  for (;;) {
    request.signal?.throwIfAborted();
    const row = await selectExportPage(db, {
      projectId: request.projectId,
      format: request.format,
      languages: request.languages,
      machine: request.machine ?? { pseudo: false, ai: true },
      stringsKept: request.stringsKept,
      namespace: request.namespace,
      sortKeys: request.sortKeys,
      phase,
      cursor,
      limit,
    });
    if (row?.page) yield row.page;
    const keys = Number(row?.keys ?? 0);
    if (keys < limit || row?.last_key == null) {
      if (phase === "rest") return;
      phase = "rest";
      cursor = undefined;
      continue;
    }
    cursor =
      phase === "positioned" && row.last_position !== null
        ? { positioned: true, position: row.last_position, key: row.last_key }
        : { positioned: false, key: row.last_key };
  }
}

/** A page's JSON as the rows the entries are made of (in the format worker). */
export function rowsOfPage(page: ExportPage): ExportRow[] {
  return (JSON.parse(page) as PageTuple[]).map(
    ([key, description, context, translatable, max_length, tags, value_type, meta, values, states]) => ({
      key,
      description,
      context,
      translatable,
      max_length,
      tags,
      value_type,
      meta,
      values: withoutNulls(values),
      states: states && withoutNulls(states),
    }),
  );
}

/** A language the key has no string (or no state) in comes as null from a join: it is not there. */
function withoutNulls(byLanguage: Record<string, string | null>): Record<string, string> {
  for (const code of Object.keys(byLanguage)) if (byLanguage[code] === null) delete byLanguage[code];
  return byLanguage as Record<string, string>;
}
