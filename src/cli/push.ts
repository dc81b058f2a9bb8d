import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { v1Contract } from "../shared/contract/v1.ts";
import type { PullFormat } from "../shared/schemas/pull.ts";
import type { PushAnswer } from "../shared/schemas/push.ts";
import { onBranch } from "./branch.ts";
import type { CommandContext, Log } from "./context.ts";
import { CliError, EXIT } from "./exit.ts";
import { callJson } from "./http.ts";
import { filesOnDisk, languagesOnDisk, pathFor } from "./paths.ts";
import { type FileMapping, sourceOf } from "./project.ts";

/** The format registry's id of each config format (Android's is the registry's "xml"). */
const REGISTRY_FORMATS: Record<PullFormat, string> = {
  json: "json",
  strings: "strings",
  stringsdict: "stringsdict",
  android: "xml",
};

export interface PushOptions {
  dryRun: boolean;
  deleteMissing: boolean;
  translations: boolean;
  overwrite: boolean;
  tags: string | undefined;
}

/** One file a run uploads, with the language and namespace it is pushed as. */
interface Upload {
  mapping: FileMapping;
  file: string;
  language: string;
  namespace?: string;
  isSource: boolean;
}

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;
const flag = (value: boolean) => (value ? "true" : "false");

/**
 * The files one run uploads: each mapping's source file, and with --translations the others on
 * disk. A pattern with {namespace} has a file per namespace: each is uploaded with its namespace.
 */
async function uploadsOf({ client, config, dir }: CommandContext, options: PushOptions): Promise<Upload[]> {
  const uploads: Upload[] = [];
  for (const [index, mapping] of config.files.entries()) {
    const source = await sourceOf(client, mapping, index);
    if (mapping.path.includes("{namespace}")) {
      const files = filesOnDisk(dir, mapping.path, source);
      const sources = files.filter((found) => found.language === source);
      if (sources.length === 0) {
        throw new CliError(
          `No file matches files[${index}].path for the source language ${source}: ${pathFor(mapping.path, source, true, "*")}`,
          EXIT.badConfig,
        );
      }
      // The source files first, as the server numbers new keys in their order.
      const others = options.translations ? files.filter((found) => found.language !== source) : [];
      for (const found of [...sources, ...others])
        uploads.push({ mapping, ...found, isSource: found.language === source });
      continue;
    }
    const file = pathFor(mapping.path, source, true);
    if (!existsSync(join(dir, file))) {
      throw new CliError(
        `${file} not found: it is files[${index}]'s source file (${source})`,
        EXIT.badConfig,
      );
    }
    uploads.push({ mapping, file, language: source, isSource: true });
    if (!options.translations) continue;
    for (const found of languagesOnDisk(dir, mapping.path)) {
      if (found.language !== source)
        uploads.push({ mapping, file: found.file, language: found.language, isSource: false });
    }
  }
  return uploads;
}

function summaryLines(answer: PushAnswer): string[] {
  const lines = [`keys added ${answer.keysAdded}, deleted ${answer.keysDeleted}`];
  for (const language of answer.languages) {
    lines.push(
      `${language.code}: ${language.added} added, ${language.changed} changed, ${language.unchanged} unchanged`,
    );
  }
  for (const error of answer.errors) lines.push(`skipped: ${error}`);
  for (const notice of answer.notices) lines.push(`note: ${notice}`);
  return lines;
}

/**
 * `sprog push`: each upload is one POST /api/v1/push (one transaction on the server). The source
 * file replaces changed source texts; other languages only fill what is missing unless --overwrite.
 */
export async function push(context: CommandContext, options: PushOptions, log: Log): Promise<void> {
  const { branch } = context;
  const uploads = await uploadsOf(context, options);
  // A branch that does not exist yet starts from main with the first file.
  if (branch !== undefined) log(`Pushing to${onBranch(branch)}`);
  const totals = { keysAdded: 0, keysDeleted: 0, errors: 0 };
  for (const [index, upload] of uploads.entries()) {
    const bytes = readFileSync(join(context.dir, upload.file));
    const answer = await callJson(context.client, v1Contract.push, {
      body: {
        file: new File([bytes], basename(upload.file)),
        language: upload.language,
        format: REGISTRY_FORMATS[upload.mapping.format],
        overwriteExisting: flag(upload.isSource || options.overwrite),
        deleteMissing: flag(upload.isSource && options.deleteMissing),
        dryRun: flag(options.dryRun),
        ...(options.tags ? { tags: options.tags } : {}),
        ...(upload.namespace !== undefined ? { namespace: upload.namespace } : {}),
        ...(branch !== undefined ? { branch } : {}),
      },
    });
    const label = `[${index + 1}/${uploads.length}] ${upload.file} (${upload.language})`;
    log(`${label}: ${summaryLines(answer).join("; ")}`);
    totals.keysAdded += answer.keysAdded;
    totals.keysDeleted += answer.keysDeleted;
    totals.errors += answer.errors.length;
  }
  const done = `${plural(uploads.length, "file")}, ${plural(totals.keysAdded, "key")} added, ${totals.keysDeleted} deleted`;
  const skipped = totals.errors > 0 ? `, ${plural(totals.errors, "entry", "entries")} skipped` : "";
  log(
    options.dryRun ? `dry run: nothing changed (would push ${done}${skipped})` : `Pushed ${done}${skipped}.`,
  );
}
