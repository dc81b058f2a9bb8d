import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { guessProjectLanguage } from "../../src/shared/formats/project-file-language.ts";
import type { FormatId } from "../../src/shared/formats/types.ts";

/**
 * Every real file of both corpora (issue 33's byte-for-byte budget): the shared one beside the
 * project (`../shared/corpus`, present on the machines the project is built on) and the files
 * gathered for the project (`tests/fixtures/corpus`, with their sources in its README). Each with
 * the format and language the Import dialog would take for it.
 */
export interface CorpusFile {
  /** `<format folder>/<project>/<path>`, as the test names it. */
  name: string;
  /** The project folder, `<format folder>/<project>`. */
  project: string;
  /** The file's path below its project folder (what the Import dialog would see as its name). */
  path: string;
  format: FormatId;
  language: string;
  bytes: Uint8Array;
}

const ROOTS = [
  new URL("../../../shared/corpus/", import.meta.url),
  new URL("../fixtures/corpus/", import.meta.url),
];

const FOLDER_FORMATS: Record<string, FormatId | undefined> = {
  "android-strings-xml": "xml",
  arb: "arb",
  csv: "csv",
  "gettext-po": "po",
  "json-flat": "json",
  "json-nested": "json",
  "xliff-1.2": "xliff",
  "xliff-2.0": "xliff2",
  xlsx: "xlsx",
  yaml: "yaml",
};

export function corpusFiles(): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const root of ROOTS) {
    const rootPath = root.pathname;
    if (!exists(rootPath)) continue;
    for (const folder of readdirSync(rootPath).sort()) {
      if (!statSync(join(rootPath, folder)).isDirectory()) continue;
      for (const project of readdirSync(join(rootPath, folder)).sort()) {
        const projectPath = join(rootPath, folder, project);
        if (!statSync(projectPath).isDirectory()) continue;
        for (const file of walk(projectPath)) {
          const path = relative(projectPath, file);
          const format = formatOf(folder, path);
          if (!format) continue;
          files.push({
            name: `${folder}/${project}/${path}`,
            project: `${folder}/${project}`,
            path,
            format,
            language: guessProjectLanguage(path, ["en"]) ?? "en",
            bytes: new Uint8Array(readFileSync(file)),
          });
        }
      }
    }
  }
  return files;
}

function formatOf(folder: string, path: string): FormatId | undefined {
  if (folder === "ios-strings") {
    if (path.endsWith(".stringsdict")) return "stringsdict";
    return path.endsWith(".strings") ? "strings" : undefined;
  }
  const format = FOLDER_FORMATS[folder];
  if (!format) return undefined;
  const endings: Record<FormatId, RegExp> = {
    xml: /\.xml$/,
    arb: /\.arb$/,
    csv: /\.csv$/,
    po: /\.po$/,
    json: /\.json$/,
    xliff: /\.xlf$|\.xliff$/,
    xliff2: /\.xlf$|\.xliff$/,
    xlsx: /\.xlsx$/,
    yaml: /\.ya?ml$/,
    strings: /\.strings$/,
    stringsdict: /\.stringsdict$/,
  };
  return endings[format].test(path) ? format : undefined;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
