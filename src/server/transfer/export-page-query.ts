import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { FormatId } from "../../shared/formats/types.ts";
import type { DB } from "../db/schema.ts";

/** One page of an export in one statement (export-pages.ts reads them in turn). */

type Db = Kysely<DB> | Transaction<DB>;

/** Which machine output a file carries: pseudo-localized text, AI output no person checked. */
export interface MachineText {
  pseudo: boolean;
  ai: boolean;
}

/**
 * Which strings of a language an export writes, as a condition on the key's id (a release's "only
 * approved strings"); undefined for a language: all of them. A string left out is as one never
 * written: the app falls back to its default language.
 */
export type StringsKept = (language: string, keyId: RawBuilder<string>) => RawBuilder<boolean> | undefined;

export interface PageRow {
  keys: number;
  last_position: number | null;
  last_key: string | null;
  page: string | null;
}

/** Where the last page ended: keys with a position come first (by it), then the others by name. */
export type Cursor = { positioned: true; position: number; key: string } | { positioned: false; key: string };

export interface PageQuery {
  projectId: string;
  format: FormatId;
  languages: readonly string[];
  machine: MachineText;
  stringsKept?: StringsKept | undefined;
  /** One namespace's keys, each under its name in the file; undefined: every key, as named. */
  namespace?: string | undefined;
  /** Keys by name alone instead of by position then name. */
  sortKeys: boolean;
  /** Keys with a position (by it), or the rest (by name). */
  phase: "positioned" | "rest";
  /** Where the page before ended in this phase; undefined: from the start. */
  cursor?: Cursor | undefined;
  limit: number;
}

/**
 * One page of an export in one statement: the next `limit` keys of the phase after the cursor
 * (`keys` counts them, `last_*` names the last), and as JSON text the tuples of those with strings
 * in the languages (`page`, null when none has).
 */
export async function selectExportPage(db: Db, query: PageQuery): Promise<PageRow | undefined> {
  const { phase, cursor, limit } = query;
  const where =
    phase === "positioned"
      ? cursor?.positioned
        ? sql`k.position is not null and k.position >= ${cursor.position}
            and (k.position > ${cursor.position} or k.key collate "C" > ${cursor.key})`
        : sql`k.position is not null`
      : sql`${query.sortKeys ? sql`true` : sql`k.position is null`}
          and ${cursor ? sql`k.key collate "C" > ${cursor.key}` : sql`true`}`;
  const order = (desc: boolean) => {
    const direction = desc ? sql`desc` : sql`asc`;
    return phase === "positioned"
      ? sql`position ${direction}, key collate "C" ${direction}`
      : sql`key collate "C" ${direction}`;
  };
  const namespace = query.namespace;
  const inNamespace = namespace === undefined ? sql`true` : sql`k.namespace = ${namespace}`;
  const name =
    namespace === undefined || namespace === ""
      ? sql`p.key`
      : sql`case when starts_with(p.key, ${`${namespace}:`}::text)
          then substr(p.key, char_length(${namespace}::text) + 2) else p.key end`;
  const result = await sql<PageRow>`
    with p as materialized (
      select k.id, k.key, k.position, k.description, k.context, k.translatable, k.max_length, k.tags,
        k.value_type, k.format_meta -> ${query.format} as meta
      from translation_keys k
      where k.project_id = ${query.projectId} and ${inNamespace} and ${where}
      order by ${order(false)}
      limit ${limit}
    ), last as (
      select position, key from p order by ${order(true)} limit 1
    )
    select (select count(*) from p)::int as keys, last.position as last_position, last.key as last_key,
      (select json_agg(json_build_array(${name}, p.description, p.context, p.translatable, p.max_length,
          p.tags, p.value_type, p.meta, v.vs, v.ss) order by ${order(false)})::text
        from p ${withStrings(query.languages, query.machine, query.stringsKept)}) as page
    from (select 1) one left join last on true
  `.execute(db);
  return result.rows[0];
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
function withStrings(languages: readonly string[], machine: MachineText, stringsKept?: StringsKept) {
  // A string left out is as one never written: the app falls back to its default language.
  const kept =
    machine.pseudo && machine.ai
      ? sql`true`
      : sql`(s.machine is null${machine.pseudo ? sql` or s.machine = 'pseudo'` : sql``}${machine.ai ? sql` or s.machine = 'ai'` : sql``})`;
  const keyId = sql.ref<string>("p.id");
  const keptIn = (language: string) => stringsKept?.(language, keyId) ?? sql`true`;
  const cell = (language: string) => sql`(
    select s.value, s.state from translation_strings s
    where s.key_id = p.id and s.language_code = ${language} and ${kept} and ${keptIn(language)} limit 1)`;
  if (languages.length > 2) {
    return sql`
      cross join lateral (
        select json_object_agg(s.language_code, s.value) as vs,
          json_object_agg(s.language_code, s.state) filter (where s.state is not null) as ss
        from translation_strings s
        where s.key_id = p.id and s.language_code = any(${[...languages]}::text[]) and ${kept}
          and ${
            stringsKept
              ? sql`case s.language_code ${sql.join(
                  languages.map((language) => sql`when ${language} then ${keptIn(language)}`),
                  sql` `,
                )} else true end`
              : sql`true`
          }
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
