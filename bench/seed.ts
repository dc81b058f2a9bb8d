import { type Kysely, sql } from "kysely";
import type { DB } from "../src/server/db/schema.ts";

/**
 * A project with `count` keys in 200 prefix groups, each with an English string and (for all but
 * every tenth key) a German one: the shape of a large real project. Two statements through unnest.
 */
export async function seedKeys(db: Kysely<DB>, projectId: string, count: number) {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    names.push(`group${String(i % 200).padStart(3, "0")}.screen${i % 17}.label${String(i).padStart(6, "0")}`);
  }
  const keys = await sql<{ id: string; key: string }>`
    insert into translation_keys (project_id, key)
    select ${projectId}::uuid, k from unnest(${names}::text[]) as t(k)
    returning id, key
  `.execute(db);
  const keyIds: string[] = [];
  const languages: string[] = [];
  const values: string[] = [];
  keys.rows.forEach((row, i) => {
    keyIds.push(row.id);
    languages.push("en");
    values.push(`Hello {name}, this is string number ${i} of the app.`);
    if (i % 10 !== 0) {
      keyIds.push(row.id);
      languages.push("de");
      values.push(`Hallo {name}, das ist Text Nummer ${i} der App.`);
    }
  });
  for (let start = 0; start < keyIds.length; start += 50_000) {
    const end = start + 50_000;
    await sql`
      insert into translation_strings (key_id, project_id, language_code, value)
      select k, ${projectId}::uuid, l, v
      from unnest(${keyIds.slice(start, end)}::uuid[], ${languages.slice(start, end)}::text[], ${values.slice(start, end)}::text[]) as t(k, l, v)
    `.execute(db);
  }
  return keys.rows;
}

/** One more language for every key of `keys` (a text each), in statements of 50,000 strings. */
export async function seedLanguage(
  db: Kysely<DB>,
  projectId: string,
  keys: readonly { id: string }[],
  language: string,
) {
  for (let start = 0; start < keys.length; start += 50_000) {
    const slice = keys.slice(start, start + 50_000);
    await sql`
      insert into translation_strings (key_id, project_id, language_code, value)
      select k, ${projectId}::uuid, ${language}, 'Text ' || ${language} || ' {name} ' || n
      from unnest(${slice.map((key) => key.id)}::uuid[]) with ordinality as t(k, n)
    `.execute(db);
  }
}
