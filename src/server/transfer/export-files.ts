import type { Kysely } from "kysely";
import { namespacedPath } from "../../shared/formats/file-namespace.ts";
import type { FormatId, FormatMeta, OutputFile } from "../../shared/formats/types.ts";
import type { PlaceholderFormat } from "../../shared/schemas/projects.ts";
import type { DB } from "../db/schema.ts";
import { namespacesOf } from "../keys/namespaces.ts";
import type { ProjectRow } from "../teams/access.ts";
import { jsonOf } from "./export-entries.ts";
import type { MachineText, StringsKept } from "./export-page-query.ts";
import { exportPages } from "./export-pages.ts";
import type { ExportOutput } from "./format-jobs.ts";
import { type FormatRunner, inProcessFormats } from "./format-workers.ts";
import { selectFileMeta } from "./queries.ts";
import type { TemplateInput } from "./template-render.ts";
import { templateSlot, templatesOf } from "./template-store.ts";
import { bytesOf, type DeflatedFile, zipStream } from "./zip.ts";

export interface ExportRequest {
  languages: readonly string[];
  format: FormatId;
  pretty: boolean;
  nested: boolean;
  flattenPlurals: boolean;
  /** Rewrite placeholders into this format (the placeholder engine); null keeps them as stored. */
  placeholderFormat: PlaceholderFormat | null;
  /** Keys by name (byte order) instead of their order in the files they came from. */
  sortKeys?: boolean;
  /** Keys per database page (tests: a small project over many pages). */
  keysPerPage?: number;
  /**
   * One namespace's file (file-namespace.ts). Unset: a file per namespace where the project has
   * several, each at its namespace's path (`de/common.json`); one file as before where it has one.
   */
  namespace?: string;
  /** Every namespace's keys in one file per language (the pull API without a namespace). */
  allNamespaces?: boolean;
  /** Machine text written (issue 34); default: AI output, no pseudo-localization. */
  machine?: MachineText;
  /** Which strings of each language are written (a release's "only approved"); unset: all. */
  stringsKept?: StringsKept;
}

/** Formats whose files carry the source text next to each translation. */
const WITH_SOURCE: ReadonlySet<FormatId> = new Set(["xliff", "xliff2", "po"]);
/**
 * Groups read ahead of the one given out, each on a connection of its own. A page's strings are
 * looked up key by key, a wait on the database's storage more than on its processor: reading
 * ahead, an export of 250,000 keys × 10 languages took 27 s instead of 35 s with one group read
 * at a time. Since flat JSON is written and deflated page by page (`ExportCollector`), one group
 * ahead is as fast as two (14 s) and holds less: the process's peak over its RSS before, 170–200 MB
 * instead of 215–235 MB (issue 31).
 */
const GROUPS_AHEAD = 1;

/** Formats that write one file for all languages (a column each). */
const ONE_FILE_FOR_ALL: ReadonlySet<FormatId> = new Set(["csv", "xlsx"]);

/**
 * The files of an export (pull API, CLI, tests): every string of the languages asked (an empty
 * string too: empty is a value, missing is not), with its key's metadata and the file-level
 * metadata the format came with, placeholders converted against the source text, plurals given
 * back to formats that have them, serialized by the format registry, keys in the order of the
 * files they came from (issue 15), or by name when asked. The server passes its format workers,
 * so the serializing runs off its event loop. All the files are held: for one language (the pull
 * API) or small projects; the export dialog streams (`exportZipStream`).
 */
export async function buildExportFiles(
  db: Kysely<DB>,
  project: ProjectRow,
  request: ExportRequest,
  formats: FormatRunner = inProcessFormats,
): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for await (const output of groupOutputs(db, project, request, formats, false)) {
    if ("files" in output) files.push(...output.files);
  }
  return files;
}

/** The files of an export in one zip, as one array: holds the compressed files, never the plain ones. */
export async function buildExportZip(
  db: Kysely<DB>,
  project: ProjectRow,
  request: ExportRequest,
  formats: FormatRunner = inProcessFormats,
): Promise<Uint8Array> {
  return bytesOf(exportZipStream(db, project, request, formats));
}

/**
 * The export as a zip stream (issue 18: a 250,000-key × 10-language export within 512 MB). The
 * languages are read and written one file at a time, each read in keyset pages and serialized and
 * deflated by the format worker; the zip takes each file as it is done and the reader pulls. So
 * the server holds a page of rows and a compressed file at a time for formats written in parts
 * (flat JSON), one language's entries for the others, whatever the size of the project; a reader
 * that stops (a client gone) stops the reading. CSV and XLSX, one file for every language, hold
 * all the languages' entries: that is the file.
 */
export function exportZipStream(
  db: Kysely<DB>,
  project: ProjectRow,
  request: ExportRequest,
  formats: FormatRunner = inProcessFormats,
): ReadableStream<Uint8Array> {
  return zipStream(deflatedFiles(groupOutputs(db, project, request, formats, true)));
}

async function* deflatedFiles(outputs: AsyncIterable<ExportOutput>): AsyncGenerator<DeflatedFile> {
  for await (const output of outputs) if ("deflated" in output) yield* output.deflated;
}

/** The languages of the export as groups written together: one file each, in today's order. */
export function fileGroupsOf(format: FormatId, languages: readonly string[], source: string): string[][] {
  if (ONE_FILE_FOR_ALL.has(format)) return [[...languages]];
  if (!WITH_SOURCE.has(format)) return languages.map((code) => [code]);
  // The source file itself only when it is all there is (the formats' own rule).
  const targets = languages.filter((code) => code !== source);
  if (targets.length === 0) return [[source]];
  return targets.map((target) => languages.filter((code) => code === source || code === target));
}

/**
 * The language a file of `languages` is kept under as a template (issue 33): `*` for a table of
 * every language, the translation's language for a file that carries the source too (the source
 * when it is all the file has), else its one language; undefined for a file of several
 * translations, which no export writes.
 */
export function fileLanguageOf(
  format: FormatId,
  languages: readonly string[],
  source: string,
): string | undefined {
  if (ONE_FILE_FOR_ALL.has(format)) return "*";
  const targets = WITH_SOURCE.has(format) ? languages.filter((code) => code !== source) : languages;
  if (targets.length === 0 && languages.includes(source)) return source;
  return targets.length === 1 ? targets[0] : undefined;
}

/**
 * The outputs of the export's file groups, in order. The next groups are read while the one
 * before is serialized (the worker takes their pages after), so the database and the worker both
 * keep busy; three groups at most are under way. A reader that stops stops the reading (the
 * pull API's snapshot is one connection: there its groups are read one after another).
 */
async function* groupOutputs(
  db: Kysely<DB>,
  project: ProjectRow,
  request: ExportRequest,
  formats: FormatRunner,
  deflate: boolean,
): AsyncGenerator<ExportOutput> {
  const source = project.source_language;
  const wanted = new Set(request.languages);
  if (WITH_SOURCE.has(request.format)) wanted.add(source);
  const languageGroups = fileGroupsOf(request.format, [...wanted], source);
  // Keys by name is another order than the file's: then the file is written from the project.
  const fileLanguages = languageGroups.map((group) => fileLanguageOf(request.format, group, source) ?? "");
  // Three small reads at once, before the pages: every template of the languages, whichever
  // namespaces turn out to be written (most projects have one).
  const [fileMeta, named, templates] = await Promise.all([
    fileMetaOf(db, project.id, request.format),
    request.namespace !== undefined ? [request.namespace] : namespacesOf(db, project.id),
    request.sortKeys
      ? new Map<string, TemplateInput>()
      : templatesOf(
          db,
          project,
          request.format,
          fileLanguages,
          request.namespace !== undefined ? [request.namespace] : undefined,
        ),
  ]);
  // No namespaces: every key, unfiltered.
  const present: (string | undefined)[] = named.length > 0 ? named : [undefined];
  const namespaces = request.allNamespaces ? [undefined] : present;
  // Named by their namespace only where the export writes several.
  const renamed = namespaces.length > 1;
  // A file of every namespace has the template of the one there is, if there is one.
  const templateNamespace = (namespace: string | undefined) =>
    namespace ?? (present.length === 1 ? (present[0] ?? "") : undefined);
  const stop = new AbortController();
  const start = (group: string[], namespace: string | undefined) => {
    // The source's strings are read along only where placeholders are converted against them.
    const read = request.placeholderFormat ? new Set([...group, source]) : new Set(group);
    const pages = exportPages(db, {
      projectId: project.id,
      format: request.format,
      languages: [...read],
      sortKeys: request.sortKeys ?? false,
      keysPerPage: request.keysPerPage,
      namespace,
      machine: request.machine,
      stringsKept: request.stringsKept,
      signal: stop.signal,
    });
    const output = formats.exportGroup(pages, {
      sourceLanguage: source,
      languages: group,
      placeholderFormat: request.placeholderFormat,
      format: request.format,
      pretty: request.pretty,
      nested: request.nested,
      flattenPlurals: request.flattenPlurals,
      fileMeta,
      deflate,
      template: templateOf(group, templateNamespace(namespace)),
    });
    // Awaited in turn below; a failure of one never awaited (the reader gone) is not unhandled.
    output.catch(() => {});
    return renamed && namespace !== undefined
      ? output.then((done) => inNamespace(done, namespace, ONE_FILE_FOR_ALL.has(request.format)))
      : output;
  };
  const groups = namespaces.flatMap((namespace) => languageGroups.map((group) => ({ group, namespace })));
  function templateOf(group: string[], namespace: string | undefined): TemplateInput | undefined {
    if (namespace === undefined) return undefined;
    return templates.get(templateSlot(fileLanguageOf(request.format, group, source) ?? "", namespace));
  }
  // The groups started and not yet given out, besides the one awaited.
  const started: Promise<ExportOutput>[] = [];
  let next = 0;
  const startMore = () => {
    while (!stop.signal.aborted && next < groups.length && started.length < GROUPS_AHEAD) {
      const { group = [], namespace } = groups[next++] ?? {};
      started.push(start(group, namespace));
    }
  };
  try {
    startMore();
    for (let current = started.shift(); current; current = started.shift()) {
      startMore();
      yield await current;
    }
  } finally {
    stop.abort();
  }
}

/** A namespace's files at its paths (`namespacedPath`). */
function inNamespace(output: ExportOutput, namespace: string, everyLanguage: boolean): ExportOutput {
  const path = (file: { path: string }) => namespacedPath(file.path, namespace, everyLanguage);
  if ("files" in output) return { files: output.files.map((file) => ({ ...file, path: path(file) })) };
  if ("deflated" in output)
    return { deflated: output.deflated.map((file) => ({ ...file, path: path(file) })) };
  return output;
}

async function fileMetaOf(
  db: Kysely<DB>,
  projectId: string,
  format: FormatId,
): Promise<Record<string, FormatMeta>> {
  const rows = await selectFileMeta(db, projectId, format);
  return Object.fromEntries(rows.map((row) => [row.language_code, jsonOf<FormatMeta>(row.meta) ?? {}]));
}
