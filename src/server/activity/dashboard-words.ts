import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";
import { projectCheckContext } from "../quality/string-checks.ts";
import { addMonthWords } from "./dashboard-queries.ts";

/**
 * The dashboard's "words by people and AI this month" (issue 22), counted as strings are written
 * rather than read back from history. Only origins that count cost anything: imports, pushes (api)
 * and pseudo-localization return before a word is looked at.
 */
const WORD_ORIGINS: Partial<Record<string, "people" | "ai">> = {
  person: "people",
  restore: "people",
  ai: "ai",
};

// Intl.Segmenter's word-like segments rather than a whitespace split: Japanese and Chinese write no
// spaces, and a whole sentence of them is more than one word. The counted writes are small (a
// person's save, an AI chunk), so its cost does not show.
const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

export function countWords(text: string): number {
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

/**
 * Adds the words of the written translations (the source language's texts are not translations) to
 * their projects' month, in the writer's transaction: one upsert per call, none when nothing counts.
 */
export async function countWrittenWords(
  trx: Transaction<DB> | Kysely<DB>,
  rows: readonly { project_id: string; language_code: string; value: string }[],
  /** The history origin of the write (string-writer.ts HistoryOrigin). */
  origin: string,
): Promise<void> {
  const counted = WORD_ORIGINS[origin];
  if (!counted || rows.length === 0) return;
  const perProject = new Map<string, number>();
  // Once per project: outside a transaction the writer's check context is not kept between calls.
  const sources = new Map<string, string>();
  for (const row of rows) {
    if (row.value === "") continue;
    let source = sources.get(row.project_id);
    if (source === undefined) {
      source = (await projectCheckContext(trx, row.project_id)).sourceLanguage;
      sources.set(row.project_id, source);
    }
    if (row.language_code === source) continue;
    perProject.set(row.project_id, (perProject.get(row.project_id) ?? 0) + countWords(row.value));
  }
  const projects = [...perProject].filter(([, words]) => words > 0);
  if (projects.length === 0) return;
  await addMonthWords(trx, counted, projects);
}
