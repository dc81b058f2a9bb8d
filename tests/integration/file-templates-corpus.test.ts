import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { diffLines } from "diff";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { aapt2Compiles } from "../helpers/aapt2.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { call } from "../helpers/contract-client.ts";
import { type CorpusFile, corpusFiles } from "../helpers/corpus-files.ts";
import { buildProject, ownerWithProject, saveString } from "../helpers/factories.ts";
import { exportFiles, upload } from "../helpers/transfer.ts";

/**
 * Issue 33's budget: every real file of the corpora, imported unedited into a project of its own
 * and exported in its format and language, comes back byte for byte (the uploaded file is the
 * template of its export).
 */
const api = apiAppForThisFile();

/** Compiled FormatJS messages (ASTs, not strings): the import refuses them, so nothing comes back. */
const REFUSED = /json-flat\/umami\/public\/intl\/messages\//;

const files = corpusFiles().filter((file) => !REFUSED.test(file.name));

/** One owner for every file (signing in once), a project per file. */
let owner: Awaited<ReturnType<typeof ownerWithProject>> | undefined;

/** The file imported into a project of its own; its id, the client, and the language its export asks. */
async function imported(file: CorpusFile) {
  owner ??= await ownerWithProject(api(), []);
  const projectId = (await buildProject(owner.owner, owner.teamId, { name: file.name.slice(-60) })).id;
  const client = owner.owner;
  const name = file.path.split("/").pop() ?? file.path;
  const answer = await upload(client, projectId, name, file.bytes, {
    language: file.language,
    format: file.format,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const completion = await call(client, contract.projects.completion, { params: { projectId } });
  const all = completion.body.languages.map((language) => language.code);
  // A table's columns are the languages the file had (the project's source may not be one of them).
  const list = await call(client, contract.keys.list, {
    params: { projectId },
    query: { languages: all.join(",") },
  });
  const languages = all.filter((code) => list.body.keys.some((key) => key.strings[code] !== undefined));
  const others = languages.filter((code) => code !== "en");
  const asked =
    file.format === "csv" || file.format === "xlsx" ? languages : others.length === 1 ? others : ["en"];
  return { client, projectId, asked: asked.length > 0 ? asked : ["en"] };
}

async function exported(file: CorpusFile, client: ApiClient, projectId: string, asked: string[]) {
  const zip = await exportFiles(client, projectId, { languages: asked, format: file.format });
  const outputs = Object.values(zip);
  expect(outputs).toHaveLength(1);
  return outputs[0];
}

async function roundTrip(file: CorpusFile): Promise<Uint8Array | undefined> {
  const { client, projectId, asked } = await imported(file);
  return exported(file, client, projectId, asked);
}

describe("an unedited file comes back byte for byte", () => {
  it("has a corpus of at least 60 files from 12 projects in every format", () => {
    expect(files.length).toBeGreaterThanOrEqual(60);
    expect(new Set(files.map((file) => file.project)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(files.map((file) => file.format))).toEqual(
      new Set([
        "json",
        "strings",
        "stringsdict",
        "xml",
        "po",
        "xliff",
        "xliff2",
        "csv",
        "xlsx",
        "yaml",
        "arb",
      ]),
    );
  });

  it.each(files.map((file) => [file.name, file] as const))("%s", async (_name, file) => {
    const exported = await roundTrip(file);
    if (process.env.CORPUS_OUT && exported) {
      const { mkdirSync, writeFileSync } = await import("node:fs");
      const out = `${process.env.CORPUS_OUT}/${file.name}`;
      mkdirSync(out.slice(0, out.lastIndexOf("/")), { recursive: true });
      writeFileSync(out, exported);
    }
    expect(exported && Buffer.from(exported).equals(Buffer.from(file.bytes))).toBe(true);
  });
});

/** Formats the Translate Toolkit reads (tests/helpers/toolkit-units.py). */
const TOOLKIT_FORMATS = new Set(["xml", "json", "yaml", "po", "xliff", "strings"]);
const TOOLKIT = fileURLToPath(new URL("../helpers/toolkit-units.py", import.meta.url));
type ToolkitUnits = Record<string, [string, string | null, string]>;

/** The original's and the export's units as the toolkit reads them; undefined for other formats. */
function toolkitUnits(file: CorpusFile, exported: Uint8Array | undefined) {
  if (!TOOLKIT_FORMATS.has(file.format) || !exported) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "sprog-toolkit-"));
  try {
    const read = (name: string, bytes: Uint8Array): ToolkitUnits | "no toolkit" => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const run = spawnSync("/usr/bin/python3", [TOOLKIT, file.format, path], {
        encoding: "utf8",
        maxBuffer: 64 << 20,
      });
      if (run.status === 3 || run.error) return "no toolkit";
      if (run.status !== 0) throw new Error(`the toolkit could not read ${name}: ${run.stderr.slice(-500)}`);
      return JSON.parse(run.stdout) as ToolkitUnits;
    };
    const original = read("original", file.bytes);
    const again = read("exported", exported);
    if (original === "no toolkit" || again === "no toolkit") return "no toolkit" as const;
    return { original, exported: again };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A text every format writes as it is: no escapes, no placeholders, no markup. */
const PLAIN = /^\p{L}[\p{L}\p{N} .,!?-]{2,80}$/u;

/** One text file of each project: its largest translation (else its largest file). */
const edited = [
  ...new Map(
    files
      .filter((file) => file.format !== "xlsx")
      .sort(
        (a, b) =>
          Number(a.language !== "en") - Number(b.language !== "en") || a.bytes.length - b.bytes.length,
      )
      .map((file) => [file.project, file] as const),
  ).values(),
];

/** The key to edit and its new value: a plain text, else a plural whose `other` form is plain. */
function editOf(keys: KeyRow[], language: string): { key: KeyRow; value: string } | undefined {
  const plain = keys.filter((key) => PLAIN.test(key.strings[language]?.value ?? ""));
  const key = plain[Math.floor(plain.length / 2)];
  if (key) return { key, value: `${key.strings[language]?.value} edited` };
  const plural = /other ?\{([\p{L} %@$0-9#]+)\}/u;
  const counted = keys.find((key) => plural.test(key.strings[language]?.value ?? ""));
  const value = counted?.strings[language]?.value;
  return counted && value ? { key: counted, value: value.replace(plural, "other {$1 edited}") } : undefined;
}

describe("an edit of one string changes that entry's lines only", () => {
  it.for(edited.map((file) => [file.name, file] as const))("%s", async ([_name, file], context) => {
    const { client, projectId, asked } = await imported(file);
    const language = asked.find((code) => code !== "en") ?? asked[0] ?? "en";
    const list = await call(client, contract.keys.list, {
      params: { projectId },
      query: { languages: language },
    });
    const edit = editOf(list.body.keys, language);
    expect(edit, "a key with a plain text").toBeDefined();
    if (!edit) return;
    await saveString(client, edit.key.id, language, edit.value);
    const bytes = await exported(file, client, projectId, asked);
    const changes = diffLines(new TextDecoder().decode(file.bytes), new TextDecoder().decode(bytes));
    // One place: the lines of the entry (its text, and a state the edit cleared), a few lines apart.
    const touched: number[] = [];
    let line = 0;
    for (const change of changes) {
      const count = change.count ?? 0;
      if (change.removed || change.added) touched.push(line);
      if (!change.added) line += count;
    }
    const shown = changes
      .filter((change) => change.added || change.removed)
      .map((change) => `${change.added ? "+" : "-"}${change.value}`)
      .join("")
      .slice(0, 3000);
    expect(touched.length, shown).toBeGreaterThan(0);
    expect(Math.max(...touched) - Math.min(...touched), shown).toBeLessThanOrEqual(6);
    const readByToolkit = toolkitUnits(file, bytes);
    if (readByToolkit === "no toolkit") {
      context.annotate(
        "The Translate Toolkit (python3-translate) is not installed: its reading was not compared",
      );
    } else if (readByToolkit) {
      // The independent reader sees the same units, sources, targets and notes, but the one edited.
      const before = readByToolkit.original;
      const after = readByToolkit.exported;
      const differing = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (id) => JSON.stringify(before[id]) !== JSON.stringify(after[id]),
      );
      expect(differing.length, JSON.stringify(differing.slice(0, 5))).toBeLessThanOrEqual(1);
    }
    expect(
      changes
        .filter((change) => change.added)
        .map((change) => change.value)
        .join(""),
      shown,
    ).toContain(" edited");
    if (file.format === "xml" && bytes) {
      // Android's own resource compiler takes the export as it takes the original.
      const compiled = aapt2Compiles(bytes);
      if (compiled === "no aapt2") context.annotate("aapt2 is not installed: the export was not compiled");
      else if (aapt2Compiles(file.bytes) === "ok") expect(compiled).toBe("ok");
    }
  });
});

/** One file of each project, in every format: its strings exported as Android resources. */
const projects = [...new Map(files.map((file) => [file.project, file] as const)).values()];

describe("every Android export compiles with aapt2", () => {
  it.for(projects.map((file) => [file.name, file] as const))(
    "%s as strings.xml",
    async ([_name, file], context) => {
      const { client, projectId, asked } = await imported(file);
      const zip = await exportFiles(client, projectId, { languages: asked, format: "xml" });
      const outputs = Object.entries(zip);
      expect(outputs.length).toBeGreaterThan(0);
      for (const [path, bytes] of outputs) {
        const compiled = aapt2Compiles(bytes);
        if (compiled === "no aapt2") {
          context.annotate("aapt2 is not installed: the exports were not compiled");
          return;
        }
        expect(compiled, path).toBe("ok");
      }
    },
  );
});
