import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { FormatId, FormatMeta } from "../../shared/formats/types.ts";
import { currentBranch } from "../db/branch-scope.ts";
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
      -- A branch's keys are a view's rows (db/branch-scope.ts): no index to meet a conflict on.
      ${currentBranch() ? sql`` : sql`on conflict (project_id, key) do nothing`}
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
