import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { FormatId, FormatMeta } from "../../shared/formats/types.ts";
import type { DB } from "../db/schema.ts";
import { fullName } from "../db/sql.ts";

/**
 * Reads and writes of imports, exports and the kept files (templates): no rules here (the services
 * check access and decide what is written), only the SQL.
 */

type Db = Kysely<DB> | Transaction<DB>;

// Imports

/** What a key's row says, from what the file says about it (`null`: a key the file only names). */
export interface KeyMetaRow {
  key: string;
  description: string | null;
  context: string | null;
  translatable: boolean | null;
  max_length: number | null;
  tags: string[] | null;
  value_type: string | null;
  meta: FormatMeta | null;
  src: boolean;
}

/** The columns of a `KeyMetaRow` in `jsonb_to_recordset`. */
const META_COLUMNS = sql`key text, description text, context text, translatable boolean, max_length integer,
  tags text[], value_type text, meta jsonb, src boolean`;

/**
 * One slice of a file's keys (stored names, in file order): the ids of the keys the project has,
 * and the others inserted after its last position in that order with what the file says of them
 * (`metaRows`, the format's bag under `format`), into `namespace`. A key another import inserted
 * meanwhile is in neither.
 */
export async function insertMissingKeys(
  trx: Db,
  projectId: string,
  slice: readonly string[],
  metaRows: readonly KeyMetaRow[],
  into: { format: string; namespace: string },
) {
  const { format, namespace } = into;
  const rows = await sql<{ id: string; key: string; added: boolean }>`
    with t as (
      select k, n from unnest(${slice}::text[]) with ordinality as t(k, n)
    ), m as (
      select * from jsonb_to_recordset(${JSON.stringify(metaRows)}::jsonb) as m(${META_COLUMNS})
    ), known as (
      select tk.id, tk.key from translation_keys tk
      where tk.project_id = ${projectId} and tk.key = any(${slice}::text[])
    ), inserted as (
      insert into translation_keys (
        project_id, key, namespace, position, description, context, translatable, max_length, tags, value_type,
        format_meta
      )
      select ${projectId}::uuid, t.k, ${namespace}::text, b.last + t.n, m.description, m.context, coalesce(m.translatable, true),
        m.max_length,
        coalesce((select array_agg(distinct x order by x) from unnest(m.tags) as x), '{}'),
        m.value_type,
        case when m.meta is null then '{}'::jsonb else jsonb_build_object(${format}::text, m.meta) end
      from t
        cross join (select coalesce(max(position), 0) as last from translation_keys where project_id = ${projectId}) b
        left join m on m.key = t.k
      where not exists (select 1 from known where known.key = t.k)
      on conflict (project_id, key) do nothing
      returning id, key
    )
    select id, key, false as added from known
    union all
    select id, key, true as added from inserted
  `.execute(trx);
  return rows.rows;
}

/** The ids of the project's keys of these names. */
export async function selectKeyIds(trx: Db, projectId: string, names: readonly string[]) {
  const found = await sql<{ id: string; key: string }>`
    select id, key from translation_keys where project_id = ${projectId} and key = any(${names}::text[])
  `.execute(trx);
  return found.rows;
}

/** The project's keys of these names, with their namespaces. */
export async function selectKeysByName(trx: Db, projectId: string, names: readonly string[]) {
  const rows = await sql<{ id: string; key: string; namespace: string }>`
    select id, key, namespace from translation_keys
    where project_id = ${projectId} and key = any(${names}::text[])
  `.execute(trx);
  return rows.rows;
}

export async function moveKeysToNamespace(trx: Db, keyIds: readonly string[], namespace: string) {
  await sql`
    update translation_keys set namespace = ${namespace}, updated_at = now() where id = any(${keyIds}::uuid[])
  `.execute(trx);
}

/**
 * What the file says about keys the project had (`rows`: `KeyMetaRow`s with the key's id). The
 * source language's file overwrites, another language's only fills what the key lacks; the bag
 * goes under the format's id.
 */
export async function updateKeyMeta(
  trx: Db,
  format: FormatId,
  rows: readonly (KeyMetaRow & { id: string })[],
): Promise<void> {
  await sql`
    update translation_keys k set
      description = case when t.src then coalesce(t.description, k.description) else coalesce(k.description, t.description) end,
      context = case when t.src then coalesce(t.context, k.context) else coalesce(k.context, t.context) end,
      translatable = case when t.src then coalesce(t.translatable, k.translatable) else k.translatable and coalesce(t.translatable, true) end,
      max_length = case when t.src then coalesce(t.max_length, k.max_length) else coalesce(k.max_length, t.max_length) end,
      tags = case when t.tags is null then k.tags
                  else (select array_agg(distinct x order by x) from unnest(k.tags || t.tags) as x) end,
      value_type = case when t.src or k.value_type is null then coalesce(t.value_type, k.value_type) else k.value_type end,
      format_meta = case
        when t.meta is null then k.format_meta
        when t.src or not (k.format_meta ? ${format}) then jsonb_set(k.format_meta, array[${format}], t.meta)
        else k.format_meta end,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(id uuid, ${META_COLUMNS})
    where k.id = t.id
  `.execute(trx);
}

/** The file-level metadata of one format and language, in place of the one before. */
export async function upsertFileMeta(
  trx: Db,
  projectId: string,
  format: FormatId,
  language: string,
  meta: FormatMeta,
): Promise<void> {
  await sql`
    insert into project_file_meta (project_id, format, language_code, meta)
    values (${projectId}, ${format}, ${language}, ${JSON.stringify(meta)}::jsonb)
    on conflict (project_id, format, language_code) do update set meta = excluded.meta, updated_at = now()
  `.execute(trx);
}

export async function setProjectLanguages(trx: Db, projectId: string, languages: string[]): Promise<void> {
  await trx
    .updateTable("projects")
    .set({ languages, updated_at: sql`now()` })
    .where("id", "=", projectId)
    .execute();
}

// Exports

/** The file-level metadata of one format, per language (as stored: parsed by node-postgres or not). */
export function selectFileMeta(db: Db, projectId: string, format: FormatId) {
  return db
    .selectFrom("project_file_meta")
    .select(["language_code", "meta"])
    .where("project_id", "=", projectId)
    .where("format", "=", format)
    .execute();
}

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

// Kept files (templates)

type FileTemplateValues = Insertable<DB["file_templates"]>;

/** Forgets the file kept for a format, language and namespace. */
export async function deleteTemplateOf(
  db: Db,
  slot: { projectId: string; format: string; language: string; namespace: string },
): Promise<void> {
  await db
    .deleteFrom("file_templates")
    .where("project_id", "=", slot.projectId)
    .where("format", "=", slot.format)
    .where("language_code", "=", slot.language)
    .where("namespace", "=", slot.namespace)
    .execute();
}

/** Keeps the file for its format, language and namespace, in place of the one before. */
export async function upsertTemplate(db: Db, row: FileTemplateValues): Promise<void> {
  await db
    .insertInto("file_templates")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["project_id", "format", "language_code", "namespace"]).doUpdateSet({
        path: row.path,
        bytes: row.bytes,
        size: row.size,
        sha256: row.sha256,
        parse_options: row.parse_options,
        fingerprints: row.fingerprints,
        shape: row.shape,
        uploaded_by: row.uploaded_by,
        uploaded_at: sql`now()`,
      }),
    )
    .execute();
}

/** The project's kept files of one format in `languages` (and `namespaces`, if given), without their bytes. */
export function selectTemplates(
  db: Db,
  projectId: string,
  format: FormatId,
  languages: readonly string[],
  namespaces?: readonly string[],
) {
  let query = db
    .selectFrom("file_templates")
    .select(["id", "language_code", "namespace", "parse_options", "sha256", "fingerprints", "shape"])
    .where("project_id", "=", projectId)
    .where("format", "=", format)
    .where("language_code", "in", languages);
  if (namespaces) query = query.where("namespace", "in", namespaces);
  return query.execute();
}

export function selectTemplateBytes(db: Db, ids: readonly string[]) {
  return db.selectFrom("file_templates").select(["id", "sha256", "bytes"]).where("id", "in", ids).execute();
}

/** The project's kept files with who uploaded them, by path, then language, then format. */
export function selectTemplateList(db: Db, projectId: string) {
  return db
    .selectFrom("file_templates as f")
    .leftJoin("users as u", "u.id", "f.uploaded_by")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select([
      "f.id",
      "f.format",
      "f.language_code",
      "f.path",
      "f.namespace",
      "f.size",
      "f.sha256",
      "f.uploaded_at",
      "f.shape",
      "u.email",
      fullName("p").as("name"),
    ])
    .where("f.project_id", "=", projectId)
    .orderBy("f.path")
    .orderBy("f.language_code")
    .orderBy("f.format")
    .execute();
}

/** A kept file of the project as uploaded; undefined when the project has no such file. */
export function selectTemplateFile(db: Db, projectId: string, id: string) {
  return db
    .selectFrom("file_templates")
    .select(["path", "format", "bytes"])
    .where("project_id", "=", projectId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Forgets a kept file of the project; answers what it was, undefined when there was none. */
export function deleteTemplate(db: Db, projectId: string, id: string) {
  return db
    .deleteFrom("file_templates")
    .where("project_id", "=", projectId)
    .where("id", "=", id)
    .returning(["path", "format", "language_code"])
    .executeTakeFirst();
}
