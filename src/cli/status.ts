import type { Log } from "./context.ts";
import type { ApiClient } from "./http.ts";
import { projectInfo } from "./project.ts";

const COLUMNS = ["language", "keys", "translated", "missing", "unverified", "approved"];

/** Plain columns padded with spaces: readable in a CI log, no colours. */
export function table(rows: readonly (readonly (string | number)[])[]): string {
  const widths = COLUMNS.map((column, i) =>
    Math.max(column.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells: readonly (string | number)[]) =>
    cells
      .map((cell, i) =>
        i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join("\n");
}

/** `sprog status`: GET /api/v1/status as a table, one row per language, the source first. */
export async function status({ client }: { client: ApiClient }, log: Log): Promise<void> {
  const answer = await projectInfo(client);
  log(`${answer.project.name} (source language ${answer.project.sourceLanguage})`);
  const rows = answer.languages.map((l) => [
    l.code,
    l.keys,
    l.translated,
    l.missing,
    l.unverified,
    l.approved,
  ]);
  log(table(rows));
}
