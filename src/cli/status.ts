import { onBranch } from "./branch.ts";
import type { Log } from "./context.ts";
import type { ApiClient } from "./http.ts";
import { projectInfo } from "./project.ts";
import { table } from "./table.ts";

const COLUMNS = ["language", "keys", "translated", "missing", "unverified", "approved"];

/** `sprog status`: GET /api/v1/status as a table, one row per language, the source first. */
export async function status(
  { client, branch }: { client: ApiClient; branch: string | undefined },
  log: Log,
): Promise<void> {
  const answer = await projectInfo(client, branch);
  const on = branch === undefined ? "" : ` on${onBranch(branch)}`;
  log(`${answer.project.name}${on} (source language ${answer.project.sourceLanguage})`);
  const rows = answer.languages.map((l) => [
    l.code,
    l.keys,
    l.translated,
    l.missing,
    l.unverified,
    l.approved,
  ]);
  log(table(rows, COLUMNS));
}
