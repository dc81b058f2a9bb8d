import { type Kysely, sql } from "kysely";
import type { DB } from "../src/server/db/schema.ts";

/** The large project's ten languages; the first is the source, filled for every key. */
export const LARGE_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "ja"] as const;

/**
 * How full each language is: a key has no string in language n when its position is a multiple of
 * `GAPS[n]` (0: never). German misses every 10th key, Japanese every other one.
 */
const GAPS = [0, 10, 4, 5, 6, 7, 8, 3, 9, 2];

/** Phrases each value starts with, by language (others borrow French, prefixed with their code). */
const PHRASES: Record<string, string[]> = {
  en: [
    "Save changes",
    "Delete the selected item",
    "Your account settings",
    "Invite a new member",
    "Open the project",
    "Search translations",
    "Export all files",
    "Review pending strings",
  ],
  de: [
    "Änderungen speichern",
    "Ausgewähltes Element löschen",
    "Deine Kontoeinstellungen",
    "Neues Mitglied einladen",
    "Projekt öffnen",
    "Übersetzungen durchsuchen",
    "Alle Dateien exportieren",
    "Offene Texte prüfen",
  ],
  fr: [
    "Enregistrer les modifications",
    "Supprimer l'élément choisi",
    "Paramètres de votre compte",
    "Inviter un nouveau membre",
    "Ouvrir le projet",
    "Rechercher des traductions",
    "Exporter tous les fichiers",
    "Relire les textes en attente",
  ],
};
const TAILS = ["now", "for this team", "on every screen", "before the release", "in the editor"];

/** The key name of position `i`, as the bench's other projects name theirs. */
export const largeKeyName = (i: number) =>
  `group${String(i % 200).padStart(3, "0")}.screen${i % 17}.label${String(i).padStart(6, "0")}`;

/**
 * `count` keys × ten languages straight into translation_keys and translation_strings with
 * generate_series: values of 20–60 characters, some languages partly empty, then ANALYZE. The
 * indexes of translation_strings that back no constraint (the trigram and hash indexes, and any
 * added later) are dropped while the rows go in and built again as they were: building a GIN index
 * once is far faster than 2.5 million inserts into it. Prints its progress.
 */
export async function seedLargeProject(
  db: Kysely<DB>,
  projectId: string,
  count: number,
  progress: (line: string) => void,
): Promise<{ strings: number }> {
  const started = performance.now();
  const step = (what: string) => progress(`${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await sql`
    insert into translation_keys (project_id, key, position)
    select ${projectId}::uuid,
      'group' || lpad((i % 200)::text, 3, '0') || '.screen' || (i % 17) || '.label' || lpad(i::text, 6, '0'),
      i
    from generate_series(0, ${count - 1}::int) as i
  `.execute(db);
  step(`${count.toLocaleString("en")} keys`);

  const indexes = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = 'translation_strings'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
  `.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(db);

  let strings = 0;
  try {
    for (const [n, language] of LARGE_LANGUAGES.entries()) {
      const phrases = PHRASES[language] ?? (PHRASES.fr ?? []).map((phrase) => `[${language}] ${phrase}`);
      const gap = GAPS[n] ?? 0;
      const inserted = await sql`
        insert into translation_strings (key_id, project_id, language_code, value)
        select k.id, k.project_id, ${language},
          (${phrases}::text[])[1 + k.position::int % ${phrases.length}::int] || ' '
            || (${TAILS}::text[])[1 + (k.position::int / ${phrases.length}::int) % ${TAILS.length}::int]
            || ' #' || k.position
        from translation_keys k
        where k.project_id = ${projectId}::uuid and (${gap}::int = 0 or k.position::int % ${gap || 1}::int <> 0)
      `.execute(db);
      strings += Number(inserted.numAffectedRows ?? 0);
      step(`${language}: ${strings.toLocaleString("en")} strings`);
    }
  } finally {
    for (const index of indexes.rows) {
      await sql.raw(index.definition).execute(db);
      step(`index ${index.name} built again`);
    }
  }
  await sql`analyze translation_keys`.execute(db);
  await sql`analyze translation_strings`.execute(db);
  step("analyzed");
  return { strings };
}

/**
 * The dashboard's last 90 days (issue 22) for the large project's target languages: a snapshot a
 * day that climbs to today's numbers, so the progress chart reads a full series. Today's row is
 * left to the dashboard, which writes it from the completion counts on its first read.
 */
export async function seedLargeSnapshots(db: Kysely<DB>, projectId: string, count: number): Promise<number> {
  const inserted = await sql`
    insert into project_snapshots (project_id, language_code, day, translated, total)
    select ${projectId}::uuid, l, (now() at time zone 'UTC')::date - d, (${count}::int * (90 - d)) / 100, ${count}::int
    from unnest(${LARGE_LANGUAGES.slice(1)}::text[]) as l, generate_series(1, 89) as d
    on conflict do nothing
  `.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}
