import type { Kysely, Transaction } from "kysely";
import type { GlossaryEntry } from "../../shared/glossary/match.ts";
import { failingChecks } from "../../shared/quality/checks.ts";
import type { DB } from "../db/schema.ts";
import { glossaryEntryOf } from "../glossary/queries.ts";
import {
  selectCheckedStrings,
  selectKeyFacts,
  selectProjectGlossary,
  selectSourceTexts,
  selectSpecialKeys,
  writeChecks,
} from "./queries.ts";

type GlossaryRow = Parameters<typeof glossaryEntryOf>[0];

type Db = Transaction<DB> | Kysely<DB>;

/**
 * Stored quality checks (issue 21): the ids of the checks each string fails, computed in Node by
 * the shared checks module (the one the editor shows findings with) whenever a string is written,
 * and again for a key's translations when its source text, its max length or the team's glossary
 * changes. Stored space-separated in transit (`string_to_array`), as `text[]` in the table.
 */

/**
 * Time this process spent on stored checks (reading what they need, computing them, writing the
 * rechecks), in milliseconds: the bench divides it by an import's time.
 */
export const checkTiming = { ms: 0 };

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    checkTiming.ms += performance.now() - started;
  }
}

/** What the checks of one project's strings need besides the strings. */
export interface ProjectCheckContext {
  sourceLanguage: string;
  glossary: readonly GlossaryEntry[];
}

/** One string to check, with its key's facts. */
export interface CheckedString {
  keyId: string;
  language: string;
  value: string;
  /** The key's source text (undefined: the string is the source). */
  source: string | undefined;
  maxLength: number | null;
  /** A list or number kept from a file (value_type json) is not text: it is never checked. */
  json: boolean;
}

// An import writes in slices inside one transaction: its projects' contexts are loaded once.
const contexts = new WeakMap<object, Map<string, Promise<ProjectCheckContext>>>();

export function projectCheckContext(db: Db, projectId: string): Promise<ProjectCheckContext> {
  let perDb = contexts.get(db);
  if (!perDb) {
    perDb = new Map();
    // Outside a transaction the context could go stale between calls: never keep it.
    if (db.isTransaction) contexts.set(db, perDb);
  }
  let context = perDb.get(projectId);
  if (!context) {
    context = (async () => {
      // The project and its team's glossary in one round trip: every cell save asks for both.
      const rows = await selectProjectGlossary(db, projectId);
      const [first] = rows;
      if (!first) return { sourceLanguage: "", glossary: [] };
      // A team without terms gives one row of nulls; a term's columns are never null otherwise.
      const glossary = rows.flatMap((row) => (row.id === null ? [] : [glossaryEntryOf(row as GlossaryRow)]));
      return { sourceLanguage: first.source_language, glossary };
    })();
    perDb.set(projectId, context);
  }
  return context;
}

/** The space-separated failing check ids of each string (empty for an empty or non-text value). */
export function checksOf(strings: readonly CheckedString[], context: ProjectCheckContext): string[] {
  return strings.map((s) =>
    s.value === "" || s.json
      ? ""
      : failingChecks({
          source: s.source,
          value: s.value,
          sourceLanguage: context.sourceLanguage,
          language: s.language,
          maxLength: s.maxLength,
          glossary: context.glossary,
        }).join(" "),
  );
}

/** What a string's checks need to know of its key. */
interface KeyFacts {
  source: string | null;
  maxLength: number | null;
  json: boolean;
}

/** A bulk write (an import's slices) reads its project's facts once per transaction instead. */
const BULK_WRITE = 1000;

interface ProjectFacts {
  sources: Map<string, string>;
  /** Only the keys with a max length or a non-text value: few, so all of them fit. */
  special: Map<string, { maxLength: number | null; json: boolean }>;
}

const projectFacts = new WeakMap<object, Map<string, Promise<ProjectFacts>>>();

/**
 * The facts of some keys: for a few keys, one query for just them; for a bulk write inside a
 * transaction, the project's source strings and its keys with a max length or a non-text value,
 * read once (two range scans instead of two index probes per key in every slice) and kept current
 * by {@link noteWrittenSources} as the transaction writes source texts. A key's metadata is
 * written before its strings in every bulk write (the import writes keys, then their metadata,
 * then strings), so it is read after.
 */
async function keyFacts(
  db: Db,
  projectId: string,
  sourceLanguage: string,
  keyIds: readonly string[],
): Promise<Map<string, KeyFacts>> {
  if (db.isTransaction && keyIds.length >= BULK_WRITE) {
    let perDb = projectFacts.get(db);
    if (!perDb) {
      perDb = new Map();
      projectFacts.set(db, perDb);
    }
    let loaded = perDb.get(projectId);
    if (!loaded) {
      loaded = loadProjectFacts(db, projectId, sourceLanguage);
      perDb.set(projectId, loaded);
    }
    const { sources, special } = await loaded;
    return new Map(
      keyIds.map((id) => {
        const extra = special.get(id);
        return [
          id,
          {
            source: sources.get(id) ?? null,
            maxLength: extra?.maxLength ?? null,
            json: extra?.json ?? false,
          },
        ];
      }),
    );
  }
  const keys = await selectKeyFacts(db, sourceLanguage, keyIds);
  return new Map(keys.map((k) => [k.id, { source: k.source, maxLength: k.max_length, json: k.json }]));
}

async function loadProjectFacts(db: Db, projectId: string, sourceLanguage: string): Promise<ProjectFacts> {
  const [sources, special] = await Promise.all([
    selectSourceTexts(db, projectId, sourceLanguage),
    selectSpecialKeys(db, projectId),
  ]);
  return {
    sources: new Map(sources.map((r) => [r.key_id, r.value])),
    special: new Map(special.map((r) => [r.id, { maxLength: r.max_length, json: r.json }])),
  };
}

/** Source texts a transaction wrote, into the facts it keeps (if it keeps any for the project). */
export async function noteWrittenSources(
  db: Db,
  projectId: string,
  written: readonly { keyId: string; value: string }[],
): Promise<void> {
  const loaded = projectFacts.get(db)?.get(projectId);
  if (!loaded || written.length === 0) return;
  const { sources } = await loaded;
  for (const row of written) sources.set(row.keyId, row.value);
}

/** Strings about to be written, with the facts of their keys (one query per project). */
export function checksForWrite(
  db: Db,
  changes: readonly { keyId: string; projectId: string; language: string; value: string }[],
): Promise<string[]> {
  return timed(() => computeChecksForWrite(db, changes));
}

async function computeChecksForWrite(
  db: Db,
  changes: readonly { keyId: string; projectId: string; language: string; value: string }[],
): Promise<string[]> {
  const result = new Array<string>(changes.length).fill("");
  const byProject = new Map<string, number[]>();
  changes.forEach((change, index) => {
    if (change.value === "") return;
    const list = byProject.get(change.projectId) ?? [];
    list.push(index);
    byProject.set(change.projectId, list);
  });
  for (const [projectId, indexes] of byProject) {
    const context = await projectCheckContext(db, projectId);
    const keyIds = [...new Set(indexes.map((i) => changes[i]?.keyId ?? ""))];
    const facts = await keyFacts(db, projectId, context.sourceLanguage, keyIds);
    // A source text written in the same call is the one the translations are checked against.
    const newSource = new Map<string, string>();
    for (const i of indexes) {
      const c = changes[i];
      if (c && c.language === context.sourceLanguage) newSource.set(c.keyId, c.value);
    }
    const strings = indexes.map((i): CheckedString => {
      const c = changes[i] as (typeof changes)[number];
      const key = facts.get(c.keyId);
      const isSource = c.language === context.sourceLanguage;
      return {
        keyId: c.keyId,
        language: c.language,
        value: c.value,
        source: isSource ? undefined : (newSource.get(c.keyId) ?? key?.source ?? ""),
        maxLength: key?.maxLength ?? null,
        json: key?.json ?? false,
      };
    });
    checksOf(strings, context).forEach((checks, j) => {
      result[indexes[j] as number] = checks;
    });
  }
  return result;
}

/** Stores the checks of strings just written (`writeChecks`), counted in {@link checkTiming}. */
export function storeChecks(db: Db, cells: Parameters<typeof writeChecks>[1]): Promise<void> {
  return timed(() => writeChecks(db, cells));
}

/**
 * Computes the checks of the stored strings of some keys in one project (all languages, or those
 * given) and writes the ones that changed. No version, no history: the text did not change.
 * Returns how many strings' checks changed.
 */
export function recheckKeys(...args: Parameters<typeof recheckKeysNow>): Promise<number> {
  return timed(() => recheckKeysNow(...args));
}

async function recheckKeysNow(
  db: Db,
  projectId: string,
  keyIds: readonly string[],
  options: {
    /** Only the keys' translations (their source text is what changed). */
    translationsOnly?: boolean;
    /** `keyId:language` of strings already checked. */
    except?: ReadonlySet<string>;
  } = {},
): Promise<number> {
  if (keyIds.length === 0) return 0;
  const context = await projectCheckContext(db, projectId);
  const rows = await selectCheckedStrings(
    db,
    keyIds,
    context.sourceLanguage,
    options.translationsOnly ?? false,
  );
  const candidates = rows.filter((r) => !options.except?.has(`${r.key_id}:${r.language_code}`));
  const computed = checksOf(
    candidates.map((r) => ({
      keyId: r.key_id,
      language: r.language_code,
      value: r.value,
      source: r.language_code === context.sourceLanguage ? undefined : (r.source ?? ""),
      maxLength: r.max_length,
      json: r.json,
    })),
    context,
  );
  const changed = candidates
    .map((r, i) => ({ row: r, checks: computed[i] ?? "" }))
    .filter(({ row, checks }) => checks !== storedChecks(row.checks));
  if (changed.length === 0) return 0;
  await writeChecks(
    db,
    changed.map((c) => ({
      keyId: c.row.key_id,
      projectId: c.row.project_id,
      language: c.row.language_code,
      version: Number(c.row.version),
      checks: c.checks,
    })),
  );
  return changed.length;
}

/** A stored `text[]` as the space-separated form. */
function storedChecks(checks: readonly string[] | null): string {
  return checks === null ? "" : checks.join(" ");
}
