import { type Kysely, sql } from "kysely";

/**
 * Namespaces (issue 33): a project keeps several files per language (i18next `common.json` and
 * `auth.json`, Android `strings.xml` and `arrays.xml`), and each key belongs to the file it came
 * from. `""` is the language's one file, where every existing key stays. Key names stay unique in a
 * project (a file's key another namespace has is kept as `namespace:key`). A kept upload is the
 * template of its namespace's file, so the unique key of `file_templates` takes the namespace.
 */
const statements = [
  `alter table translation_keys add column namespace text not null default ''`,
  // The namespaces' filter and each namespace's export read by it; most projects have one.
  `create index translation_keys_project_namespace_idx on translation_keys (project_id, namespace)
     where namespace <> ''`,
  `alter table file_templates add column namespace text not null default ''`,
  `alter table file_templates drop constraint file_templates_project_id_format_language_code_key`,
  `alter table file_templates add constraint file_templates_file_key
     unique (project_id, format, language_code, namespace)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
