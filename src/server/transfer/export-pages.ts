import { type Kysely, sql } from "kysely";
import type { FormatId, FormatMeta } from "../../shared/formats/types.ts";
import type { DB } from "../db/schema.ts";
import type { ExportRow } from "./export-entries.ts";

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
  /** Stops the reading between pages (a reader gone). */
  signal?: AbortSignal | undefined;
}

/** Which machine output a file carries: pseudo-localized text, AI output no person checked. */
export interface MachineText {
  pseudo: boolean;
  ai: boolean;
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

interface PageRow {
  keys: number;
  last_position: number | null;
  last_key: string | null;
  page: string | null;
}

/** Where the last page ended: keys with a position come first (by it), then the others by name. */
type Cursor = { positioned: true; position: number; key: string } | { positioned: false; key: string };

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
    const where =
      phase === "positioned"
        ? cursor?.positioned
          ? sql`k.position is not null and k.position >= ${cursor.position}
              and (k.position > ${cursor.position} or k.key collate "C" > ${cursor.key})`
          : sql`k.position is not null`
        : sql`${request.sortKeys ? sql`true` : sql`k.position is null`}
            and ${cursor ? sql`k.key collate "C" > ${cursor.key}` : sql`true`}`;
    const order = (desc: boolean) => {
      const direction = desc ? sql`desc` : sql`asc`;
      return phase === "positioned"
        ? sql`position ${direction}, key collate "C" ${direction}`
        : sql`key collate "C" ${direction}`;
    };
    const namespace = request.namespace;
    const inNamespace = namespace === undefined ? sql`true` : sql`k.namespace = ${namespace}`;
    const name =
      namespace === undefined || namespace === ""
        ? sql`p.key`
        : sql`case when starts_with(p.key, ${`${namespace}:`}::text)
            then substr(p.key, char_length(${namespace}::text) + 2) else p.key end`;
    const result = await sql<PageRow>`
      with p as materialized (
        select k.id, k.key, k.position, k.description, k.context, k.translatable, k.max_length, k.tags,
          k.value_type, k.format_meta -> ${request.format} as meta
        from translation_keys k
        where k.project_id = ${request.projectId} and ${inNamespace} and ${where}
        order by ${order(false)}
        limit ${limit}
      ), last as (
        select position, key from p order by ${order(true)} limit 1
      )
      select (select count(*) from p)::int as keys, last.position as last_position, last.key as last_key,
        (select json_agg(json_build_array(${name}, p.description, p.context, p.translatable, p.max_length,
            p.tags, p.value_type, p.meta, v.vs, v.ss) order by ${order(false)})::text
          from p ${withStrings(request.languages, request.machine ?? { pseudo: false, ai: true })}) as page
      from (select 1) one left join last on true
    `.execute(db);
    const row = result.rows[0];
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

/**
 * The page's strings of these languages, joined to each key of the page `p` as `v.vs` (language →
 * value) and `v.ss` (language → state): only keys with a string in them. One or two languages (a
 * file each, with the source): a lookup a language, about twice as fast as aggregating; more (CSV,
 * XLSX) aggregate.
 *
 * Each is a LATERAL lookup from the page's key through the (key_id, language_code) index, fenced
 * with `limit 1`, and attached to `p` itself rather than built apart and joined back: the planner
 * estimates a materialized page from the table's statistics, and where those predate the import
 * (the page's project not analyzed yet) it guessed one key and joined the page with itself in a
 * nested loop (24 s for a page of 10,000 keys).
 */
function withStrings(languages: readonly string[], machine: MachineText) {
  // A string left out is as one never written: the app falls back to its default language.
  const kept =
    machine.pseudo && machine.ai
      ? sql`true`
      : sql`(s.machine is null${machine.pseudo ? sql` or s.machine = 'pseudo'` : sql``}${machine.ai ? sql` or s.machine = 'ai'` : sql``})`;
  const cell = (language: string) => sql`(
    select s.value, s.state from translation_strings s
    where s.key_id = p.id and s.language_code = ${language} and ${kept} limit 1)`;
  if (languages.length > 2) {
    return sql`
      cross join lateral (
        select json_object_agg(s.language_code, s.value) as vs,
          json_object_agg(s.language_code, s.state) filter (where s.state is not null) as ss
        from translation_strings s
        where s.key_id = p.id and s.language_code = any(${[...languages]}::text[]) and ${kept}
      ) v
      where v.vs is not null`;
  }
  const [first = "", second] = languages;
  if (second === undefined) {
    return sql`
      cross join lateral ${cell(first)} a
      cross join lateral (select json_build_object(${first}::text, a.value) as vs,
        case when a.state is not null then json_build_object(${first}::text, a.state) end as ss) v`;
  }
  return sql`
    left join lateral ${cell(first)} a on true
    left join lateral ${cell(second)} b on true
    cross join lateral (select json_build_object(${first}::text, a.value, ${second}::text, b.value) as vs,
      case when a.state is not null or b.state is not null
        then json_build_object(${first}::text, a.state, ${second}::text, b.state) end as ss) v
    where a.value is not null or b.value is not null`;
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
