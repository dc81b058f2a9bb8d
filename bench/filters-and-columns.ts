import { existsSync } from "node:fs";
import type { Kysely } from "kysely";
import type { DB } from "../src/server/db/schema.ts";
import { contract } from "../src/shared/contract/index.ts";
import type { ApiClient } from "../tests/helpers/api-client.ts";
import type { AppServer } from "../tests/helpers/app-server.ts";
import { call } from "../tests/helpers/contract-client.ts";
import { median, ms, samples } from "./measure.ts";
import { overviewFirstRows } from "./overview-first-rows.ts";
import { seedLanguage } from "./seed.ts";

/** A row of the bench's table (run.ts prints each as it is pushed). */
export interface BenchRow {
  database: string;
  scenario: string;
  result: string;
  budget: string;
  ok: boolean | undefined;
}

/** The target languages besides German that the five-column Overview shows. */
const EXTRA = ["fr", "es", "it"];

/**
 * Issue 19 on the keys group's project (50,000 keys, 10 % of German missing): a filtered page, the
 * filters' counts, and the Overview's first rows with five language columns (English, German and
 * three more, each seeded with a text per key), which must stay under the first-rows budget.
 */
export async function filtersAndColumns(
  rows: { push: (...items: BenchRow[]) => number },
  database: string,
  setup: {
    app: AppServer;
    client: ApiClient;
    db: Kysely<DB>;
    teamId: string;
    projectId: string;
    keys: readonly { id: string }[];
  },
): Promise<void> {
  const { app, client, db, teamId, projectId, keys } = setup;
  const measured = async (scenario: string, run: () => Promise<unknown>) => {
    try {
      rows.push({
        database,
        scenario,
        result: ms(median(await samples(5, run))),
        budget: "(measured)",
        ok: undefined,
      });
    } catch (error) {
      const reason = (error as Error).message.split("\n")[0] ?? "";
      rows.push({ database, scenario, result: `failed: ${reason}`, budget: "(measured)", ok: false });
    }
  };
  const ok = async (what: string, answer: Promise<{ status: number }>) => {
    const { status } = await answer;
    if (status !== 200) throw new Error(`${what} answered ${status}`);
  };
  const params = { projectId };
  await measured("keys API, filtered page (missing in German, 200 keys)", () =>
    ok(
      "the keys",
      call(client, contract.keys.list, {
        params,
        query: { languages: "en,de", limit: 200, lang: "de", missing: "1" },
      }),
    ),
  );
  await measured("keys API, filtered page (placeholder problems in German)", () =>
    ok(
      "the keys",
      call(client, contract.keys.list, {
        params,
        query: { languages: "en,de", limit: 200, lang: "de", placeholders: "1" },
      }),
    ),
  );
  await measured("filter counts (GET /keys/facets, German)", () =>
    ok("the facets", call(client, contract.keys.facets, { params, query: { lang: "de" } })),
  );

  const scenario = "Overview first rows visible, 5 language columns (Chromium)";
  if (!existsSync("dist/web/index.html") || !existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
    rows.push({
      database,
      scenario,
      result: "not measured: needs the build and Chromium",
      budget: "< 1500 ms",
      ok: undefined,
    });
    return;
  }
  try {
    const languages = await call(client, contract.projects.setLanguages, {
      params,
      body: { languages: ["en", "de", ...EXTRA] },
    });
    if (languages.status !== 200) throw new Error(`adding languages answered ${languages.status}`);
    for (const language of EXTRA) await seedLanguage(db, projectId, keys, language);
    const first = await overviewFirstRows(
      app.url,
      client.cookie,
      { teamId, projectId },
      { selected: "de", extra: EXTRA },
    );
    rows.push({ database, scenario, result: ms(first), budget: "< 1500 ms", ok: first < 1500 });
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0] ?? "";
    rows.push({ database, scenario, result: `failed: ${reason}`, budget: "< 1500 ms", ok: false });
  }
}
