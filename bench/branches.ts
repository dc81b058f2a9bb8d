import { contract } from "../src/shared/contract/index.ts";
import { v1Contract } from "../src/shared/contract/v1.ts";
import { BRANCH_HEADER } from "../src/shared/schemas/branches.ts";
import type { ApiClient } from "../tests/helpers/api-client.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { MailServer } from "../tests/helpers/smtp.ts";
import { keyClient } from "../tests/helpers/transfer.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject, signedInOwner } from "./bench-session.ts";
import { LARGE_LANGUAGES, largeKeyName, seedLargeProject } from "./large-seed.ts";
import { median, ms, percentile, timeIt } from "./measure.ts";
import { rssRow } from "./rss-row.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

const KEYS = Number(process.env.BENCH_BRANCH_KEYS ?? 250_000);
/** Changes a branch carries: strings of keys main has, and keys new on the branch. */
const CHANGED = 900;
const ADDED = 100;
const ROUNDS = 15;

interface Context {
  url: string;
  client: ApiClient;
  projectId: string;
}

/**
 * Issue 39's budgets on a project of BENCH_BRANCH_KEYS keys (default 250,000) × 10 languages: start
 * a branch; push 1,000 changes to it from CI; read its Overview's first page (the keys, the filter
 * counts and the completion the page asks for at once) against main's, and a search's first page;
 * merge the 1,000 changes.
 * The server runs in a process of its own; a scenario that fails is a row, and the others still run.
 */
export async function branchesAtScale(
  kind: "embedded" | "postgres",
  mail: MailServer,
  progress: (line: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const attempt = async (
    scenario: string,
    budget: string,
    run: () => Promise<Omit<BenchRow, "scenario" | "budget">>,
  ) => {
    progress(`${scenario}…`);
    try {
      rows.push({ scenario, budget, ...(await run()) });
    } catch (error) {
      rows.push({
        scenario,
        budget,
        result: `failed: ${(error as Error).message.split("\n")[0]}`,
        ok: false,
      });
    }
    progress(`  ${rows.at(-1)?.result}`);
  };
  const size = `${KEYS.toLocaleString("en")} × ${LARGE_LANGUAGES.length}`;
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(kind, { SMTP_URL: mail.url, PULL_RATE_LIMIT_PER_MINUTE: "1000000" });
    const { url, db } = server;
    const { client, teamId } = await signedInOwner(url, mail);
    const projectId = await createProject(client, teamId, "Branched", [...LARGE_LANGUAGES]);
    const seedTook = await timeIt(() =>
      seedLargeProject(db, projectId, KEYS, (line) => progress(`seed: ${line}`)),
    );
    rows.push({ scenario: `seed ${size}`, result: ms(seedTook), budget: "(setup)", ok: undefined });
    const context = { url, client, projectId };

    await attempt(`${size}: start a branch (${ROUNDS} branches)`, "p95 < 200 ms", async () => {
      const took: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        took.push(await timeIt(() => startBranch(context, `bench/start-${i}`)));
      }
      const p95 = percentile(took, 95);
      return { result: `p50 ${ms(median(took))}, p95 ${ms(p95)}`, ok: p95 < 200 };
    });

    const branchId = await startBranch(context, "bench/feature");
    const created = await call(client, contract.apiKeys.create, {
      params: { projectId },
      body: { name: "bench CI", scopes: ["pull", "push"] },
    });
    if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);
    const apiKey = created.body.key;

    await attempt(
      `${size}: push ${(CHANGED + ADDED).toLocaleString("en")} changes to the branch (${CHANGED} strings changed, ${ADDED} keys added)`,
      "(measured)",
      async () => {
        const file: Record<string, string> = {};
        for (let i = 0; i < CHANGED; i++)
          file[largeKeyName(i * Math.floor(KEYS / CHANGED))] = `Changed on the branch ${i}`;
        for (let i = 0; i < ADDED; i++)
          file[`checkout.new.key${String(i).padStart(3, "0")}`] = `New on the branch ${i}`;
        const form = new FormData();
        form.set("file", new File([JSON.stringify(file)], "en.json"));
        form.set("branch", "bench/feature");
        form.set("overwriteExisting", "true");
        let answer: Response | undefined;
        const took = await timeIt(async () => {
          answer = await fetch(`${url}/api/v1/push`, {
            method: "POST",
            headers: { "x-api-key": apiKey },
            body: form,
          });
          await answer.arrayBuffer();
        });
        if (answer?.status !== 200) throw new Error(`the push answered ${answer?.status}`);
        return { result: ms(took), ok: undefined };
      },
    );

    await attempt(
      `${size}: the branch's Overview first page (100 keys, filter counts, completion) vs main's`,
      "≤ 1.2 × main",
      async () => {
        // Warm both, then alternate so that a slow moment of the machine falls on both alike.
        await overviewFirstPage(context);
        await overviewFirstPage(context, branchId);
        const main: number[] = [];
        const branch: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          main.push(await timeIt(() => overviewFirstPage(context)));
          branch.push(await timeIt(() => overviewFirstPage(context, branchId)));
        }
        const ratio = median(branch) / median(main);
        return {
          result: `${ratio.toFixed(2)} × (branch p50 ${ms(median(branch))}, main p50 ${ms(median(main))})`,
          ok: ratio <= 1.2,
        };
      },
    );

    // The Overview's search box on the branch against main's: a common phrase (many matches: the
    // keys walked in order, each checked against its search text) and a rare one (few: the matches
    // from the strings' indexes). The branch's texts overlay main's (migration 0045).
    for (const [text, matches] of [
      ["save changes", "common"],
      ["#12345", "rare"],
    ] as const) {
      await attempt(
        `${size}: search "${text}" (${matches}), the Overview's first page of matches, branch vs main`,
        "≤ 1.2 × main",
        async () => {
          // A branch's page must be a page of matches, not a faster empty one: the rare text is in
          // keys the branch did not change (the same page as main's), the common one fills a page.
          const onMain = await overviewSearch(context, text);
          const onBranch = await overviewSearch(context, text, branchId);
          const same = onBranch.join("\n") === onMain.join("\n");
          const full = onMain.length === 100 && onBranch.length === 100;
          if (onMain.length === 0 || (matches === "rare" ? !same : !full))
            throw new Error(`the branch found ${onBranch.length} keys, main ${onMain.length}`);
          const main: number[] = [];
          const branch: number[] = [];
          for (let i = 0; i < ROUNDS; i++) {
            main.push(await timeIt(() => overviewSearch(context, text)));
            branch.push(await timeIt(() => overviewSearch(context, text, branchId)));
          }
          const ratio = median(branch) / median(main);
          return {
            result: `${ratio.toFixed(2)} × (branch p50 ${ms(median(branch))}, main p50 ${ms(median(main))}; ${onBranch.length} keys)`,
            ok: ratio <= 1.2,
          };
        },
      );
    }

    await attempt(
      `${size}: merge the branch's ${(CHANGED + ADDED).toLocaleString("en")} changes into main`,
      "< 2 s",
      async () => {
        let body: unknown;
        const took = await timeIt(async () => {
          const merged = await call(client, contract.branches.merge, { params: { id: branchId }, body: {} });
          if (merged.status !== 200)
            throw new Error(`the merge answered ${merged.status}: ${JSON.stringify(merged.body)}`);
          body = merged.body;
        });
        const { keysAdded, strings } = body as { keysAdded: number; strings: number };
        if (keysAdded !== ADDED) throw new Error(`the merge added ${keysAdded} keys, not ${ADDED}`);
        const names = await call(keyClient(url, apiKey), v1Contract.keyNames, { query: {} });
        if (!names.body.keys.includes("checkout.new.key000")) throw new Error("main lacks the merged keys");
        return { result: `${ms(took)} (${keysAdded} keys added, ${strings} strings)`, ok: took < 2000 };
      },
    );
    rows.push(await rssRow(server, "branches"));
  } catch (error) {
    rows.push({
      scenario: `${size} branches (remaining scenarios)`,
      result: `failed: ${(error as Error).message.split("\n")[0]}`,
      budget: "",
      ok: false,
    });
  } finally {
    await server?.stop();
  }
  return rows;
}

async function startBranch(context: Context, name: string): Promise<string> {
  const created = await call(context.client, contract.branches.create, {
    params: { projectId: context.projectId },
    body: { name },
  });
  if (created.status !== 201) throw new Error(`starting ${name} answered ${created.status}`);
  return created.body.id;
}

/** What the Overview asks for when it opens: the first keys, the filter counts and the completion. */
async function overviewFirstPage(context: Context, branchId?: string): Promise<void> {
  const options = branchId ? { headers: { [BRANCH_HEADER]: branchId } } : {};
  const params = { projectId: context.projectId };
  const answers = await Promise.all([
    call(context.client, contract.keys.list, { params, query: { languages: "en,de", limit: 100 } }, options),
    call(context.client, contract.keys.facets, { params, query: { lang: "de" } }, options),
    call(context.client, contract.projects.completion, { params }, options),
  ]);
  const refused = answers.find((answer) => answer.status !== 200);
  if (refused) throw new Error(`the Overview's first page answered ${refused.status}`);
}

/** What the Overview asks for when someone searches: the first keys that match. */
/** One page of the Overview's search: the names of the keys found, in order. */
async function overviewSearch(context: Context, text: string, branchId?: string): Promise<string[]> {
  const options = branchId ? { headers: { [BRANCH_HEADER]: branchId } } : {};
  const answer = await call(
    context.client,
    contract.keys.list,
    { params: { projectId: context.projectId }, query: { languages: "en,de", limit: 100, q: text } },
    options,
  );
  if (answer.status !== 200) throw new Error(`the search answered ${answer.status}`);
  return answer.body.keys.map((key) => key.key);
}
