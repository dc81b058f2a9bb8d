import { unzipSync } from "fflate";
import { type Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { DB } from "../../src/server/db/schema.ts";
import type { ProjectRow } from "../../src/server/teams/access.ts";
import type { ExportRow } from "../../src/server/transfer/export-entries.ts";
import {
  buildExportFiles,
  buildExportZip,
  type ExportRequest,
  exportZipStream,
} from "../../src/server/transfer/export-files.ts";
import { exportFiles } from "../../src/server/transfer/format-jobs.ts";
import {
  createFormatWorkers,
  type FormatRunner,
  inProcessFormats,
} from "../../src/server/transfer/format-workers.ts";
import type { FormatId, OutputFile } from "../../src/shared/formats/types.ts";
import { setupTestDatabase, testDatabaseKind } from "../helpers/database.ts";

/**
 * Issue 18: the export reads a language at a time in keyset pages and streams its zip. Its files
 * must be the files of the one query and one serializer call of before, byte for byte, whatever
 * the page boundaries (keys with and without a position, equal positions, byte order of names).
 */
const testDb = setupTestDatabase();
const formats = createFormatWorkers(1);
afterAll(() => formats.close());

const LANGUAGES = ["en", "de", "fr"];

async function seedProject(db: Kysely<DB>, keys: number, languages = LANGUAGES): Promise<ProjectRow> {
  const suffix = Math.random().toString(36).slice(2, 10);
  await sql`insert into teams (id, name) values (${`t-${suffix}`}, 'Export')`.execute(db);
  const project = await db
    .insertInto("projects")
    .values({ team_id: `t-${suffix}`, name: "Export", source_language: "en", languages })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Names in three scripts (byte order differs from any locale's), every 50th key without a
  // position, every 100th sharing its neighbour's, metadata on some, values missing, empty,
  // plural, fuzzy on others.
  await sql`
    insert into translation_keys (project_id, key, position, description, context, translatable, max_length, tags)
    select ${project.id}::uuid,
      (array['home', 'Zebra', 'éclair'])[i % 3 + 1] || '.item_' || i,
      case when i % 50 = 7 then null when i % 100 = 3 then i - 1 else i end,
      case when i % 10 = 0 then 'Shown on screen ' || i end,
      case when i % 13 = 0 then 'ctx ' || i end,
      i % 17 <> 0,
      case when i % 19 = 0 then 40 end,
      case when i % 23 = 0 then array['ui', 'v2'] else '{}' end
    from generate_series(1, ${keys}) i
  `.execute(db);
  await sql`
    insert into translation_strings (key_id, project_id, language_code, value, state)
    select k.id, k.project_id, l.code,
      case
        when l.code = 'de' and k.n % 41 = 0 then ''
        when k.n % 37 = 0 then '{count, plural, one {# ' || l.code || ' item} other {# ' || l.code || ' items}}'
        else 'Hello {name}, ' || l.code || ' text ' || k.n
      end,
      case when l.code = 'de' and k.n % 43 = 0 then 'fuzzy' end
    from (
      select id, project_id, substring(key from '_([0-9]+)$')::int as n from translation_keys
      where project_id = ${project.id}
    ) k
    cross join unnest(${languages}::text[]) as l(code)
    where not (l.code = 'en' and k.n % 31 = 0) and not (l.code = 'de' and k.n % 3 = 0)
      and not (l.code = 'fr' and k.n % 5 = 0)
  `.execute(db);
  return project;
}

/** The export as it was built before issue 18: every string in one query, one serializer call. */
async function wholeExport(
  db: Kysely<DB>,
  project: ProjectRow,
  request: ExportRequest,
): Promise<OutputFile[]> {
  const source = project.source_language;
  const wanted = new Set(request.languages);
  if (["xliff", "xliff2", "po"].includes(request.format)) wanted.add(source);
  const { rows } = await sql<ExportRow>`
    select k.key, k.description, k.context, k.translatable, k.max_length, k.tags, k.value_type,
      (k.format_meta -> ${request.format})::text as meta, a.values::text as values, a.states::text as states
    from (
      select s.key_id, json_object_agg(s.language_code, s.value) as values,
        json_object_agg(s.language_code, s.state) filter (where s.state is not null) as states
      from translation_strings s
      where s.project_id = ${project.id} and s.language_code = any(${[...wanted, source]}::text[])
      group by s.key_id
    ) a
    join translation_keys k on k.id = a.key_id
    order by ${request.sortKeys ? sql`k.key collate "C"` : sql`k.position nulls last, k.key collate "C"`}
  `.execute(db);
  const output = await exportFiles(rows, {
    sourceLanguage: source,
    languages: [...wanted],
    placeholderFormat: request.placeholderFormat,
    format: request.format,
    pretty: request.pretty,
    nested: request.nested,
    flattenPlurals: request.flattenPlurals,
    fileMeta: {},
    zip: false,
  });
  return "files" in output ? output.files : [];
}

const text = (files: readonly OutputFile[]) =>
  files.map((file) => ({ path: file.path, text: new TextDecoder().decode(file.bytes) }));

/** XLSX is left out: a workbook carries the time it was written. */
const FORMATS: FormatId[] = [
  "json",
  "po",
  "xliff",
  "xliff2",
  "csv",
  "xml",
  "strings",
  "stringsdict",
  "yaml",
  "arb",
];

describe("export in pages", () => {
  let project: ProjectRow | undefined;
  const paged = async () => {
    project ??= await seedProject(testDb().db, 2_600);
    return project;
  };

  it.each(FORMATS)(
    "writes the same %s files as the whole-project export, over many pages",
    async (format) => {
      const { db } = testDb();
      const project = await paged();
      for (const options of [
        { placeholderFormat: null, sortKeys: false, nested: false },
        { placeholderFormat: "ios" as const, sortKeys: true, nested: true },
      ]) {
        const request: ExportRequest = {
          languages: ["de", "fr"],
          format,
          pretty: true,
          flattenPlurals: false,
          ...options,
          keysPerPage: 700,
        };
        const expected = text(await wholeExport(db, project, request));
        expect(expected.length).toBeGreaterThan(0);
        expect(text(await buildExportFiles(db, project, request, formats)), "files").toEqual(expected);
        const zipped = unzipSync(await buildExportZip(db, project, request, formats));
        const unzipped = Object.entries(zipped).map(([path, bytes]) => ({ path, bytes }));
        expect(text(unzipped), "zip").toEqual(expected);
      }
    },
  );

  it("a project of one page, of exactly one page, and one with no strings", async () => {
    const { db } = testDb();
    const project = await seedProject(db, 600);
    const request: ExportRequest = {
      languages: LANGUAGES,
      format: "json",
      pretty: true,
      nested: false,
      flattenPlurals: false,
      placeholderFormat: null,
    };
    const expected = text(await wholeExport(db, project, request));
    for (const keysPerPage of [10_000, 588, 589, 1]) {
      const files = await buildExportFiles(db, project, { ...request, keysPerPage }, formats);
      expect(text(files), `${keysPerPage} keys a page`).toEqual(expected);
    }
    const empty = await seedProject(db, 0);
    const files = text(await buildExportFiles(db, empty, request, formats));
    expect(files).toEqual(text(await wholeExport(db, empty, request)));
    expect(files.map((file) => file.text)).toEqual(["{}\n", "{}\n", "{}\n"]);
  });
});

describe("export stream", () => {
  it("stops reading the database when its reader goes away", async () => {
    const { db } = testDb();
    const languages = ["en", "de", "fr", "es", "it"];
    const project = await seedProject(db, 1_000, languages);
    let pagesRead = 0;
    const counting: FormatRunner = {
      ...inProcessFormats,
      exportGroup(pages, input) {
        async function* counted() {
          for await (const page of pages) {
            pagesRead++;
            yield page;
          }
        }
        return inProcessFormats.exportGroup(counted(), input);
      },
    };
    const request: ExportRequest = {
      languages,
      format: "json",
      pretty: true,
      nested: false,
      flattenPlurals: false,
      placeholderFormat: null,
      keysPerPage: 20,
    };
    // 50 pages a language when read to the end. The first file is given out with the next two
    // read ahead, and asking for more starts a fourth; the fifth is never read.
    const reader = exportZipStream(db, project, request, counting).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    const atCancel = pagesRead;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pagesRead - atCancel).toBeLessThanOrEqual(3);
    expect(pagesRead).toBeLessThanOrEqual(4 * 50);
  });
});

// Memory is measured where the budget is (PostgreSQL); PGlite's own heap would blur it.
if (testDatabaseKind() === "postgres") {
  describe("export memory", () => {
    it("streams a 60,000-key zip without holding the project", async () => {
      const { db } = testDb();
      const languages = ["en", "de"];
      const project = await seedProject(db, 60_000, languages);
      const request: ExportRequest = {
        languages,
        format: "json",
        pretty: true,
        nested: false,
        flattenPlurals: false,
        placeholderFormat: "web",
      };
      // Once to start the worker and warm the heap, then measured.
      await buildExportZip(db, project, { ...request, languages: ["de"] }, formats);
      const before = process.memoryUsage().rss;
      let peak = before;
      const sample = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 10);
      // The compressed zip is kept (a few MB) to check it afterwards.
      const chunks: Uint8Array[] = [];
      try {
        for await (const chunk of exportZipStream(db, project, request, formats)) chunks.push(chunk);
      } finally {
        clearInterval(sample);
      }
      const zip = new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer());
      const unzipped = unzipSync(zip);
      expect(Object.keys(unzipped)).toEqual(languages.map((code) => `${code}.json`));
      expect(unzipped["en.json"]?.length).toBeGreaterThan(3_000_000);
      // The whole-project build held every language's rows, entries and files at once (at
      // 250,000 keys × 10 languages it took the process to 1.9 GB); streaming holds a language's
      // entries and file, and the worker's heap is bounded: here about 30 MB more.
      expect((peak - before) / 1024 / 1024).toBeLessThan(120);
    }, 40_000);
  });
}
