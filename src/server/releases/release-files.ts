import { createHash } from "node:crypto";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { PullPlaceholderFormat } from "../../shared/schemas/pull.ts";
import type { ReleaseStringFilter } from "../../shared/schemas/releases.ts";
import type { DB } from "../db/schema.ts";
import { filteredKeyIds, filterScopeOf } from "../keys/filters.ts";
import type { ProjectRow } from "../teams/access.ts";
import { buildExportFiles } from "../transfer/export-files.ts";
import type { StringsKept } from "../transfer/export-page-query.ts";
import type { FormatRunner } from "../transfer/format-workers.ts";

/** One language's file of a release: the pull API's JSON, named by its content. */
export interface ReleaseFile {
  language: string;
  hash: string;
  bytes: Uint8Array;
}

/** A file's name in its URL: the first 32 hex digits of its SHA-256 (128 bits: no two files meet). */
export function releaseFileHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/**
 * The strings a release leaves out in each target language (the source is always whole): those
 * not approved in a review, or those failing a quality check the project has on. The same
 * conditions as the Overview's approval and quality filters, so a release carries what they show.
 */
export function releaseStringsKept(project: ProjectRow, only: ReleaseStringFilter): StringsKept | undefined {
  if (only === "all") return undefined;
  return (language: string, keyId: RawBuilder<string>) => {
    if (language === project.source_language) return undefined;
    const scope = filterScopeOf(project, language);
    return only === "approved"
      ? sql<boolean>`${keyId} in (${filteredKeyIds(scope, { approval: "approved" })})`
      : sql<boolean>`${keyId} not in (${filteredKeyIds(scope, { check: "issues" })})`;
  };
}

/**
 * Each language's file as the pull API gives it (flat JSON, ICU plurals, placeholders in the
 * release's format, every namespace's keys), read from one snapshot (`db` is the caller's
 * repeatable-read transaction).
 */
export async function buildReleaseFiles(
  db: Kysely<DB>,
  project: ProjectRow,
  options: {
    languages: readonly string[];
    only: ReleaseStringFilter;
    placeholderFormat: PullPlaceholderFormat;
    formats: FormatRunner;
  },
): Promise<ReleaseFile[]> {
  const stringsKept = releaseStringsKept(project, options.only);
  const files: ReleaseFile[] = [];
  for (const language of options.languages) {
    const [file] = await buildExportFiles(
      db,
      project,
      {
        languages: [language],
        format: "json",
        pretty: true,
        nested: false,
        flattenPlurals: false,
        placeholderFormat: options.placeholderFormat,
        sortKeys: false,
        machine: { pseudo: false, ai: true },
        allNamespaces: true,
        ...(stringsKept ? { stringsKept } : {}),
      },
      options.formats,
    );
    // A language without any string is an empty file, not a missing one: the app falls back per key.
    const bytes = file?.bytes ?? new TextEncoder().encode("{}\n");
    files.push({ language, hash: releaseFileHash(bytes), bytes });
  }
  return files;
}

type Texts = Map<string, Map<string, string>>;

/** language → key → text of flat JSON files (a file that is not flat JSON counts as empty). */
export function textsOf(files: readonly { language: string; bytes: Uint8Array }[]): Texts {
  const texts: Texts = new Map();
  const decoder = new TextDecoder();
  for (const file of files) {
    const byKey = new Map<string, string>();
    try {
      const parsed: unknown = JSON.parse(decoder.decode(file.bytes));
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed)) byKey.set(key, JSON.stringify(value));
      }
    } catch {
      // Not JSON: nothing to compare.
    }
    texts.set(file.language, byKey);
  }
  return texts;
}

/** Keys in any language of the release. */
export function keyCountOf(texts: Texts): number {
  const keys = new Set<string>();
  for (const byKey of texts.values()) for (const key of byKey.keys()) keys.add(key);
  return keys.size;
}

/**
 * Keys added, removed, or with a text changed in any language between two releases (a language
 * only one of them has counts as its keys added or removed). Every key is new in the first release.
 */
export function keysChangedBetween(before: Texts, after: Texts): number {
  const changed = new Set<string>();
  for (const language of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(language) ?? new Map<string, string>();
    const now = after.get(language) ?? new Map<string, string>();
    for (const [key, text] of now) if (old.get(key) !== text) changed.add(key);
    for (const key of old.keys()) if (!now.has(key)) changed.add(key);
  }
  return changed.size;
}
