import { formatById } from "../../shared/formats/registry.ts";
import type {
  FileWriter,
  FormatId,
  FormatMeta,
  OutputFile,
  SerializeOptions,
  TranslationEntry,
} from "../../shared/formats/types.ts";
import { type EntriesRequest, type ExportRow, entriesOfRows } from "./export-entries.ts";
import { type ExportPage, rowsOfPage } from "./export-pages.ts";
import { EntriesFingerprint } from "./template-base.ts";
import {
  mergeOnTemplate,
  renderOnTemplate,
  type TemplateInput,
  unchangedTemplate,
} from "./template-render.ts";
import { concatBytes, type DeflatedFile, DeflatingFile, deflateFile, zipFiles } from "./zip.ts";

/**
 * The CPU-heavy halves of import and export, with no database: the format worker runs them off
 * the server's event loop, and they run in-process where no worker is given (unit tests, tools).
 */

export interface ExportInput extends EntriesRequest {
  format: FormatId;
  pretty: boolean;
  nested: boolean;
  flattenPlurals: boolean;
  fileMeta: Record<string, FormatMeta>;
  /** One zip of all the files (the export dialog, the pull API's every-language answer). */
  zip: boolean;
}

export type ExportOutput = { zip: Uint8Array } | { files: OutputFile[] } | { deflated: DeflatedFile[] };

/** Serializes the rows of an export with the format registry, zipped when asked. */
export async function exportFiles(rows: readonly ExportRow[], input: ExportInput): Promise<ExportOutput> {
  const files = await formatById(input.format).serialize(
    entriesOfRows(rows, input),
    serializeOptionsOf(input),
  );
  return input.zip ? { zip: zipFiles(files) } : { files };
}

/**
 * The file (or files) of a few languages of an export, built from pages of rows as they come.
 * Where the format writes a file in parts (`fileWriter`: flat JSON), each page is written at once
 * and only the file's bytes are kept: a 250,000-key language is 17 MB of text, where its entries,
 * the format's tree of them and the text whole took 250 MB. Elsewhere each page becomes entries and
 * the files are written at the end. Pages must come in export order; the files are what
 * `exportFiles` writes for the same languages, byte for byte.
 */
export class ExportCollector {
  private readonly entries: Record<string, TranslationEntry[]> = {};
  /**
   * The files being written in parts (undefined: written at the end): deflated as they go for a
   * zip, else their bytes so far.
   */
  private readonly parts: FilePart[] | undefined;
  private readonly encoder = new TextEncoder();
  /**
   * With a template: each language's fingerprint taken page by page as the pages come (while the
   * next page is read), so an unchanged file is known at the end without a pass over the entries.
   */
  private readonly fingerprints = new Map<string, EntriesFingerprint>();

  constructor(private readonly input: FileGroupInput) {
    const format = formatById(input.format);
    const writers = input.languages.map((language) => format.fileWriter?.(language, this.options()));
    if (writers.every((writer) => writer !== undefined)) {
      this.parts = writers.map((writer, index) => ({
        language: input.languages[index] ?? "",
        writer,
        // A file with a template may be answered by the template instead: deflated at the end.
        sink: input.deflate && !input.template ? new DeflatingFile(writer.path) : [],
      }));
    } else {
      this.parts = undefined;
      for (const code of input.languages) this.entries[code] = [];
    }
    if (input.template) {
      for (const code of input.languages) this.fingerprints.set(code, new EntriesFingerprint());
    }
  }

  /** A page of `exportPages` (JSON text, parsed here) or rows. */
  add(page: ExportPage | readonly ExportRow[]): void {
    const rows = typeof page === "string" ? rowsOfPage(page) : page;
    const entries = entriesOfRows(rows, this.input);
    for (const [code, fingerprint] of this.fingerprints) fingerprint.add(entries[code] ?? []);
    if (this.parts) {
      for (const part of this.parts) this.push(part, part.writer.write(entries[part.language] ?? []));
      return;
    }
    for (const [code, some] of Object.entries(entries)) {
      const all = this.entries[code];
      if (all) for (const entry of some) all.push(entry);
    }
  }

  /** Serialized, and deflated for a zip when asked (where the files are, off the server's thread). */
  async finish(): Promise<ExportOutput> {
    const options = this.options();
    const template = this.input.template;
    if (this.parts) {
      for (const part of this.parts) this.push(part, part.writer.end());
      const done = await Promise.all(
        this.parts.map(({ writer, sink }) =>
          sink instanceof DeflatingFile ? sink.end() : { path: writer.path, bytes: concatBytes(sink) },
        ),
      );
      const written = done.filter((file) => "bytes" in file);
      if (template) return this.output(await this.onTemplate(template, written, options));
      return this.input.deflate ? { deflated: done.filter((file) => "data" in file) } : { files: written };
    }
    const files = template
      ? await this.onTemplate(template, undefined, options)
      : await formatById(this.input.format).serialize(this.entries, options);
    return this.output(files);
  }

  /**
   * The group's file on its template: the template itself when the fingerprints say nothing
   * changed, else the project's file (`written` in parts, or written now) merged into it.
   */
  private async onTemplate(
    template: TemplateInput,
    written: OutputFile[] | undefined,
    options: SerializeOptions,
  ): Promise<OutputFile[]> {
    const input = { ...this.input, options };
    const now = (code: string) => this.fingerprints.get(code)?.end(options.fileMeta?.[code]);
    const unchanged = await unchangedTemplate(this.entries, template, input, now, written?.[0]?.path);
    if (unchanged) return unchanged;
    if (written) return mergeOnTemplate(written, template, input);
    return renderOnTemplate(this.entries, template, input);
  }

  private output(files: OutputFile[]): ExportOutput {
    return this.input.deflate ? { deflated: files.map(deflateFile) } : { files };
  }

  /** The request's options, and where the file has a template, the options its writing decides. */
  private options(): SerializeOptions {
    return { ...serializeOptionsOf(this.input), ...this.input.template?.shape };
  }

  /** The export was given up: what is held goes now. */
  drop(): void {
    for (const { sink } of this.parts ?? []) if (sink instanceof DeflatingFile) sink.abort();
  }

  private push(part: FilePart, text: string): void {
    if (text === "") return;
    const bytes = this.encoder.encode(text);
    if (part.sink instanceof DeflatingFile) part.sink.write(bytes);
    else part.sink.push(bytes);
  }
}

interface FilePart {
  language: string;
  writer: FileWriter;
  /** Deflated as it comes (a zip), or its bytes so far. */
  sink: DeflatingFile | Uint8Array[];
}

function serializeOptionsOf(input: Omit<ExportInput, "zip">): SerializeOptions {
  return {
    sourceLanguage: input.sourceLanguage,
    pretty: input.pretty,
    nested: input.nested,
    flattenPlurals: input.flattenPlurals,
    fileMeta: input.fileMeta,
  };
}

/** One group of an export's languages: one file each, or one for all (CSV, XLSX). */
export interface FileGroupInput extends Omit<ExportInput, "zip"> {
  /** Deflate each file for a zip (the export dialog's stream) instead of giving it whole. */
  deflate: boolean;
  /** The uploaded file this group's file is rendered on (issue 33), if it has one. */
  template?: TemplateInput;
}
