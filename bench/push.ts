import { strToU8, zipSync } from "fflate";
import { contract } from "../src/shared/contract/index.ts";
import { v1Contract } from "../src/shared/contract/v1.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { MailServer } from "../tests/helpers/smtp.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject, importJson, jsonFile, signedInOwner } from "./bench-session.ts";
import { rawRequest } from "./contract-fetch.ts";
import { ms, percentile } from "./measure.ts";
import { figures, retryStaleSocket, whileColleagueWorks } from "./responsiveness.ts";
import { rssRow } from "./rss-row.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

const ZIP_FILES = Number(process.env.BENCH_PUSH_ZIP_FILES ?? 5_000);
const KEYS_PER_ZIP_FILE = 10;
const BIG_FILE_KEYS = Number(process.env.BENCH_PUSH_FILE_KEYS ?? 100_000);

/** `POST /api/v1/push` as CI sends it; throws unless it answers 200. */
async function push(url: string, apiKey: string, file: { name: string; bytes: Uint8Array }, dryRun: boolean) {
  const request = rawRequest(
    url,
    v1Contract.push,
    {
      body: {
        file: new File([new Uint8Array(file.bytes)], file.name),
        dryRun: dryRun ? "true" : "false",
        ...(file.name.endsWith(".zip") ? {} : { language: "en" }),
      },
    },
    { "x-api-key": apiKey },
  );
  const answer = await fetch(request.url, request.init);
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`push answered ${answer.status}: ${text.slice(0, 200)}`);
}

/** A zip of `files` small JSON files of English (`en/partNNNNN.json`), and the same keys as one file. */
function zipOfSmallFiles(files: number): { zip: Uint8Array; same: Uint8Array } {
  const entries: Record<string, Uint8Array> = {};
  const all: Record<string, string> = {};
  for (let f = 0; f < files; f++) {
    const part: Record<string, string> = {};
    for (let k = 0; k < KEYS_PER_ZIP_FILE; k++) {
      const key = `part${String(f).padStart(5, "0")}.label${k}`;
      part[key] = `Hello {name}, this is string ${k} of part ${f}.`;
      all[key] = part[key];
    }
    entries[`en/part${String(f).padStart(5, "0")}.json`] = strToU8(JSON.stringify(part, null, 2));
  }
  return { zip: zipSync(entries, { level: 1 }), same: strToU8(JSON.stringify(all, null, 2)) };
}

/**
 * Issue 31's push budgets: while CI pushes a zip of 5,000 small files, and a 100,000-key file (dry
 * run and real), a tiny request and a cell save of someone else stay within the responsive group's
 * p99 budgets; and each real push takes at most twice an import of the same keys through the Import
 * dialog's route. The server runs in a process of its own; a push that fails is a row.
 */
export async function pushUnderLoad(
  kind: "embedded" | "postgres",
  mail: MailServer,
  progress: (line: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(kind, { SMTP_URL: mail.url, MAX_UPLOAD_MB: "200" });
    const { url } = server;
    const { client, teamId } = await signedInOwner(url, mail);
    const busy = await createProject(client, teamId, "Colleague", ["en", "de"]);
    await importJson(client, busy, jsonFile(2_000, "en"), "en");
    const page = await call(client, contract.keys.list, {
      params: { projectId: busy },
      query: { languages: "en", limit: 2000 },
    });
    const keyIds = page.body.keys.filter((_, i) => i % 7 === 0).map((key) => key.id);
    if (keyIds.length === 0) throw new Error(`listing keys answered ${page.status}`);
    const colleague = { url, cookie: client.cookie, keyIds };

    const zip = zipOfSmallFiles(ZIP_FILES);
    const cases = [
      {
        label: `a zip of ${ZIP_FILES.toLocaleString("en")} files (${(ZIP_FILES * KEYS_PER_ZIP_FILE).toLocaleString("en")} keys)`,
        file: { name: "strings.zip", bytes: zip.zip },
        same: zip.same,
      },
      {
        label: `a ${BIG_FILE_KEYS.toLocaleString("en")}-key JSON file`,
        file: { name: "en.json", bytes: jsonFile(BIG_FILE_KEYS, "en") },
        same: jsonFile(BIG_FILE_KEYS, "en"),
      },
    ];
    for (const { label, file, same } of cases) {
      const projectId = await createProject(client, teamId, `Pushed ${label}`, ["en", "de"]);
      const created = await call(client, contract.apiKeys.create, {
        params: { projectId },
        body: { name: "CI", scopes: ["push"] },
      });
      if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);
      let realPush = 0;
      for (const dryRun of [true, false]) {
        const scenario = `GET /api/me and a cell save while a push of ${label} runs${dryRun ? " (dry run)" : ""}`;
        const budget = "p99 < 100 ms / < 200 ms";
        progress(`${scenario}…`);
        try {
          const { took, me, saves } = await whileColleagueWorks(colleague, () =>
            retryStaleSocket(() => push(url, created.body.key, file, dryRun)),
          );
          if (!dryRun) realPush = took;
          rows.push({
            scenario,
            result: `push ${ms(took)}; /api/me ${figures(me, took)}; save ${figures(saves, took)}`,
            budget,
            ok: percentile(me, 99) < 100 && percentile(saves, 99) < 200,
          });
        } catch (error) {
          rows.push({ scenario, result: `failed: ${(error as Error).message}`, budget, ok: false });
        }
      }
      const scenario = `push of ${label} vs an import of the same keys`;
      try {
        progress(`${scenario}…`);
        const target = await createProject(client, teamId, `Imported ${label}`, ["en", "de"]);
        const started = performance.now();
        await importJson(client, target, same, "en");
        const imported = performance.now() - started;
        if (realPush === 0) throw new Error("the real push did not finish");
        rows.push({
          scenario,
          result: `${ms(realPush)} = ${(realPush / imported).toFixed(2)} × the import (${ms(imported)})`,
          budget: "≤ 2 ×",
          ok: realPush / imported <= 2,
        });
      } catch (error) {
        rows.push({ scenario, result: `failed: ${(error as Error).message}`, budget: "≤ 2 ×", ok: false });
      }
    }
    rows.push(await rssRow(server, "push"));
    return rows;
  } catch (error) {
    rows.push({
      scenario: "push group",
      result: `failed: ${(error as Error).message.split("\n")[0]}`,
      budget: "",
      ok: false,
    });
    return rows;
  } finally {
    await server?.stop();
  }
}
