import type { Kysely, Transaction } from "kysely";
import type { HISTORY_ORIGINS } from "../../shared/schemas/keys.ts";
import { countWrittenWords } from "../activity/dashboard-words.ts";
import type { MachineColumn } from "../db/column-types.ts";
import type { DB } from "../db/schema.ts";
import {
  checksForWrite,
  noteWrittenSources,
  projectCheckContext,
  recheckKeys,
  storeChecks,
} from "../quality/string-checks.ts";
import { deleteLanguageStringRows, insertDeletionHistory, insertHistory, upsertStrings } from "./queries.ts";

export type HistoryOrigin = (typeof HISTORY_ORIGINS)[number];

/**
 * Machine output stays marked until a person saves the cell or approves that version (issue 19):
 * AI and pseudo-localization writes mark it; every other write (a person, a file, a restore) clears it.
 */
export function machineOf(origin: HistoryOrigin): MachineColumn | null {
  return origin === "ai" || origin === "pseudo" ? origin : null;
}

export interface StringChange {
  keyId: string;
  projectId: string;
  language: string;
  value: string;
  /**
   * The state a file gave the string (PO `fuzzy`, XLIFF `needs-review-translation`); absent: none,
   * which is what a person's edit or an AI translation leaves.
   */
  state?: string | null;
}

export interface WrittenString {
  keyId: string;
  language: string;
  value: string;
  version: number;
  updatedAt: Date;
  machine: MachineColumn | null;
}

/**
 * THE way strings are written: one upsert and one history row per changed string, inside the
 * caller's transaction. A write that does not change the value is no change (no new version, no
 * history), unless it marks or clears machine output: a person saving an AI text unchanged has checked
 * it. Arrays go through `unnest`, so a bulk write (import, AI batch) is two statements
 * whatever its size.
 */
export async function writeStrings(
  trx: Transaction<DB> | Kysely<DB>,
  changes: readonly StringChange[],
  meta: {
    origin: HistoryOrigin;
    userId: string | null;
    /** A coding agent's name (issue 36): who wrote with a project API key, shown in History. */
    agent?: string | null;
    /**
     * Only fill strings that are missing, empty or pseudo-localized: a value someone wrote in the
     * meantime is kept (an AI batch never overwrites a person's edit). Strings left alone are not
     * returned.
     */
    onlyIfEmpty?: boolean;
    /**
     * Leave each string's state as it is: a file whose format has no states (JSON, CSV…) says
     * nothing about whether a string is fuzzy, so it must not clear one.
     */
    keepState?: boolean;
    /**
     * `keyId:language` of translations whose checks against the sources written here the caller
     * writes itself (a merge takes them from the branch, which computed them): not checked again.
     */
    checked?: ReadonlySet<string>;
  },
): Promise<WrittenString[]> {
  if (changes.length === 0) return [];
  // Quality checks are written with the string (issue 21), so a count of them is never behind.
  const checks = await checksForWrite(trx, changes);
  const rows = await upsertStrings(
    trx,
    {
      keyIds: changes.map((c) => c.keyId),
      projectIds: changes.map((c) => c.projectId),
      languages: changes.map((c) => c.language),
      values: changes.map((c) => c.value),
      states: changes.map((c) => c.state ?? null),
    },
    {
      userId: meta.userId,
      machine: machineOf(meta.origin),
      keepState: meta.keepState ?? false,
      onlyIfEmpty: meta.onlyIfEmpty ?? false,
    },
  );
  if (rows.length > 0) await insertHistory(trx, rows, meta);
  await writeChecksOf(trx, rows, changes, checks);
  await recheckTranslationsOfSources(trx, rows, meta.checked);
  // The dashboard's words of the month (issue 22): nothing is counted for imports, pushes and pseudo.
  await countWrittenWords(trx, rows, meta.origin);
  return rows.map((r) => ({
    keyId: r.key_id,
    language: r.language_code,
    value: r.value,
    version: Number(r.version),
    updatedAt: new Date(r.updated_at),
    machine: r.machine,
  }));
}

/**
 * The checks of the strings written, of the versions written. A new string (version 1) that passes
 * has nothing to store and nothing stored to clear (a deleted string's checks went with it; on a
 * branch, as passing checks that still hide main's): an import into a new project writes only the
 * failing ones (clearing 45,000 passing cells took 0.5 s of a 10 s import).
 */
async function writeChecksOf(
  trx: Transaction<DB> | Kysely<DB>,
  rows: readonly { key_id: string; project_id: string; language_code: string; version: number }[],
  changes: readonly StringChange[],
  checks: readonly string[],
): Promise<void> {
  const byCell = new Map(changes.map((c, i) => [`${c.keyId}:${c.language}`, checks[i] ?? ""]));
  const cells = rows
    .map((r) => ({
      keyId: r.key_id,
      projectId: r.project_id,
      language: r.language_code,
      version: Number(r.version),
      checks: byCell.get(`${r.key_id}:${r.language_code}`) ?? "",
    }))
    .filter((cell) => cell.checks !== "" || cell.version > 1);
  await storeChecks(trx, cells);
}

/**
 * A source text that changed changes what its key's translations are checked against: their stored
 * checks are computed again (the ones written in the same call already were).
 */
async function recheckTranslationsOfSources(
  trx: Transaction<DB> | Kysely<DB>,
  rows: readonly { key_id: string; project_id: string; language_code: string; value: string }[],
  checked: ReadonlySet<string> = new Set(),
): Promise<void> {
  const projectIds = new Set(rows.map((r) => r.project_id));
  for (const projectId of projectIds) {
    const { sourceLanguage } = await projectCheckContext(trx, projectId);
    const sourceRows = rows.filter((r) => r.project_id === projectId && r.language_code === sourceLanguage);
    if (sourceRows.length === 0) continue;
    await noteWrittenSources(
      trx,
      projectId,
      sourceRows.map((r) => ({ keyId: r.key_id, value: r.value })),
    );
    const sourceKeys = sourceRows.map((r) => r.key_id);
    const written = new Set([...rows.map((r) => `${r.key_id}:${r.language_code}`), ...checked]);
    await recheckKeys(trx, projectId, sourceKeys, { translationsOnly: true, except: written });
  }
}

/**
 * Deletes every string of one language in a project, writing a history row (value null) for each,
 * so each deleted value can still be restored from its cell's history.
 */
export async function deleteLanguageStrings(
  trx: Transaction<DB> | Kysely<DB>,
  projectId: string,
  language: string,
  meta: { origin: HistoryOrigin; userId: string | null },
): Promise<number> {
  const rows = await deleteLanguageStringRows(trx, projectId, language);
  if (rows.length > 0) await insertDeletionHistory(trx, projectId, language, rows, meta);
  return rows.length;
}
