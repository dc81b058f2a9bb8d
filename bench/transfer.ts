import { type Kysely, sql } from "kysely";
import type { DB } from "../src/server/db/schema.ts";
import { checkTiming } from "../src/server/quality/string-checks.ts";
import { contract } from "../src/shared/contract/index.ts";
import type { ApiClient } from "../tests/helpers/api-client.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { BenchRow } from "./batch-translate.ts";
import { median, ms, samples } from "./measure.ts";
import { measurePullVsBare } from "./pull.ts";

/**
 * DESIGN.md §8 / issue 5, files and the pull API: importing a 50,000-key JSON file against a raw
 * multi-row insert of the same rows, exporting 10,000 keys × 20 languages as a zip, and pull API
 * requests per second against a bare Node server sending the same bytes.
 */

export interface TransferBenchContext {
  baseUrl: string;
  db: Kysely<DB>;
  /** Signed in as the owner of `teamId`. */
  client: ApiClient;
  teamId: string;
}

const EXPORT_LANGUAGES = [
  "en",
  "de",
  "fr",
  "es",
  "it",
  "nl",
  "pt",
  "sv",
  "da",
  "nb",
  "fi",
  "pl",
  "cs",
  "tr",
  "ru",
  "uk",
  "ja",
  "ko",
  "zh",
  "ar",
];

const keyName = (i: number) =>
  `group${String(i % 200).padStart(3, "0")}.screen${i % 17}.label${String(i).padStart(6, "0")}`;
const textOf = (i: number, language: string) =>
  `Hello {name}, this is string number ${i} of the app (${language}).`;

/**
 * A long request can outlast the server's keep-alive timeout, leaving the client a closed idle
 * socket: spend it on a throwaway request.
 */
async function wake(context: TransferBenchContext) {
  await call(context.client, contract.auth.me, {}).catch(() => undefined);
}

async function newProject(context: TransferBenchContext, name: string, languages: string[]): Promise<string> {
  const { client, teamId } = context;
  await wake(context);
  const project = await call(client, contract.projects.create, { params: { teamId }, body: { name } });
  if (project.status !== 201) throw new Error(`creating a project answered ${project.status}`);
  const answer = await call(client, contract.projects.setLanguages, {
    params: { projectId: project.body.id },
    body: { languages },
  });
  if (answer.status !== 200) throw new Error(`setting languages answered ${answer.status}`);
  return project.body.id;
}

/** Keys and strings of every language through `unnest`, in one transaction: the raw reference. */
async function rawInsert(db: Kysely<DB>, projectId: string, count: number, languages: string[]) {
  const names = Array.from({ length: count }, (_, i) => keyName(i));
  await db.transaction().execute(async (trx) => {
    const keys = await sql<{ id: string }>`
      insert into translation_keys (project_id, key)
      select ${projectId}::uuid, k from unnest(${names}::text[]) with ordinality as t(k, n)
      order by n
      returning id
    `.execute(trx);
    for (const language of languages) {
      const values = keys.rows.map((_, i) => textOf(i, language));
      for (let start = 0; start < keys.rows.length; start += 50_000) {
        const ids = keys.rows.slice(start, start + 50_000).map((row) => row.id);
        await sql`
          insert into translation_strings (key_id, project_id, language_code, value)
          select k, ${projectId}::uuid, ${language}, v
          from unnest(${ids}::uuid[], ${values.slice(start, start + 50_000)}::text[]) as t(k, v)
        `.execute(trx);
      }
    }
  });
}

export async function importFile(
  context: TransferBenchContext,
  options: { keys: number },
): Promise<BenchRow[]> {
  const { keys } = options;
  const file: Record<string, string> = {};
  for (let i = 0; i < keys; i++) file[keyName(i)] = textOf(i, "en");
  // The same keys as Flutter ARB with a description and a placeholder block per key: metadata on.
  const arb: Record<string, unknown> = { "@@locale": "en" };
  for (let i = 0; i < keys; i++) {
    arb[keyName(i)] = textOf(i, "en");
    arb[`@${keyName(i)}`] = {
      description: `Label ${i} of screen ${i % 17}`,
      placeholders: { name: { type: "String", example: "Ada" } },
    };
  }
  const files = [
    { name: "en.json", label: "JSON", bytes: new TextEncoder().encode(JSON.stringify(file, null, 2)) },
    {
      name: "app_en.arb",
      label: "ARB with descriptions",
      bytes: new TextEncoder().encode(JSON.stringify(arb, null, 2)),
    },
  ];

  const projects: string[] = [];
  for (let i = 0; i < 3; i++) projects.push(await newProject(context, `Raw ${i}`, ["en"]));
  let next = 0;
  const reference = median(
    await samples(3, () => rawInsert(context.db, projects[next++] ?? "", keys, ["en"])),
  );

  const rows: BenchRow[] = [];
  for (const { name, label, bytes } of files) {
    const scenario = `import ${keys.toLocaleString("en")}-key ${label} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`;
    try {
      let run = 0;
      const imported = median(
        await samples(3, async () => {
          const projectId = await newProject(context, `Import ${label} ${run++}`, ["en"]);
          const answer = await call(context.client, contract.transfer.import, {
            params: { projectId },
            body: { file: new File([bytes], name), language: "en" },
          });
          if (answer.status !== 200 || answer.body.keysAdded !== keys) {
            throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
          }
        }),
      );
      const ratio = imported / reference;
      rows.push({
        scenario,
        result: `${ms(imported)} = ${ratio.toFixed(2)} × raw multi-row insert (${ms(reference)})`,
        budget: "≤ 2 ×, < 10 s",
        ok: ratio <= 2 && imported < 10_000,
      });
    } catch (error) {
      // A failed scenario is a row of the table, not the end of the bench.
      rows.push({
        scenario,
        result: `failed: ${(error as Error).message}`,
        budget: "≤ 2 ×, < 10 s",
        ok: false,
      });
    }
  }
  return rows;
}

export async function exportZip(
  context: TransferBenchContext,
  options: { keys: number },
): Promise<BenchRow[]> {
  const projectId = await newProject(context, "Export", EXPORT_LANGUAGES);
  await rawInsert(context.db, projectId, options.keys, EXPORT_LANGUAGES);
  await wake(context);
  let size = 0;
  const exportOnce = async () => {
    const answer = await call(context.client, contract.transfer.export, {
      params: { projectId },
      body: { languages: EXPORT_LANGUAGES, format: "json" },
    });
    if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
    size = answer.body.length;
  };
  await exportOnce();
  const took = median(await samples(5, exportOnce));
  return [
    {
      scenario: `export zip ${options.keys.toLocaleString("en")} keys × ${EXPORT_LANGUAGES.length} languages (JSON, ${(size / 1024 / 1024).toFixed(1)} MB)`,
      result: ms(took),
      budget: "< 2000 ms",
      ok: took < 2000,
    },
  ];
}

/**
 * The pull API on a project of `keys` keys (one language's JSON file), and a bare `node:http`
 * server answering every request with the same bytes and headers: the ratio is the price of the
 * key check, the rate limit and the ETag. 304 answers (a CI poll that changed nothing) are measured too.
 */
export async function pullThroughput(
  context: TransferBenchContext,
  options: { keys: number; concurrency: number; seconds: number },
): Promise<BenchRow[]> {
  const projectId = await newProject(context, "Pull", ["en", "de"]);
  await rawInsert(context.db, projectId, options.keys, ["en", "de"]);
  await wake(context);
  const created = await call(context.client, contract.apiKeys.create, {
    params: { projectId },
    body: { name: "bench" },
  });
  if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);
  return measurePullVsBare({
    baseUrl: context.baseUrl,
    apiKey: created.body.key,
    language: "de",
    label: `pull API, ${options.keys.toLocaleString("en")} keys`,
    concurrency: options.concurrency,
    seconds: options.seconds,
  });
}

/**
 * Issue 21: stored quality checks are computed with every import. Imports a 50,000-key English
 * file, then its German translation (every tenth string with a check to find), into a project, and
 * divides the time the server spent on the checks (quality/string-checks.ts keeps it) by each
 * import's time.
 */
export async function importChecks(
  context: TransferBenchContext,
  options: { keys: number },
): Promise<BenchRow[]> {
  const { keys } = options;
  const en: Record<string, string> = {};
  const de: Record<string, string> = {};
  for (let i = 0; i < keys; i++) {
    en[keyName(i)] = `${textOf(i, "en")}!`;
    // Every tenth drops the "!", or the placeholder, or doubles a space: findings to store.
    const text = `Hallo {name}, das ist Text Nummer ${i} der App (de)`;
    de[keyName(i)] =
      i % 30 === 0
        ? text
        : i % 30 === 10
          ? `${text.replace("{name}", "du")}!`
          : i % 30 === 20
            ? `${text.replace(", ", ",  ")}!`
            : `${text}!`;
  }
  const rows: BenchRow[] = [];
  const budget = "< 10 % of the import";
  let projectId: string;
  try {
    projectId = await newProject(context, "Checks", ["en", "de"]);
  } catch (error) {
    return [
      {
        scenario: "quality checks in imports",
        result: `failed: ${(error as Error).message}`,
        budget,
        ok: false,
      },
    ];
  }
  for (const [language, file] of [
    ["en", en],
    ["de", de],
  ] as const) {
    const scenario = `quality checks in a ${keys.toLocaleString("en")}-key JSON import (${language === "en" ? "source" : "translation"})`;
    try {
      await wake(context);
      const body = { file: new File([JSON.stringify(file, null, 2)], `${language}.json`), language };
      const before = checkTiming.ms;
      const started = performance.now();
      const answer = await call(context.client, contract.transfer.import, { params: { projectId }, body });
      const took = performance.now() - started;
      if (answer.status !== 200) throw new Error(`import answered ${answer.status}`);
      const checks = checkTiming.ms - before;
      const share = checks / took;
      rows.push({
        scenario,
        result: `${ms(checks)} of ${ms(took)} = ${(share * 100).toFixed(1)} %`,
        budget,
        ok: share < 0.1,
      });
    } catch (error) {
      rows.push({ scenario, result: `failed: ${(error as Error).message}`, budget, ok: false });
    }
  }
  return rows;
}
