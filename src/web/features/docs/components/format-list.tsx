import { type FormatRow, formatRows } from "../reference-data.ts";
import { Code } from "./prose.tsx";

/**
 * Every format of the registry with its file endings, the file an export writes and how it is read.
 * A list rather than a table: the notes are prose and read better full-width on a phone.
 */
export function FormatList({ show }: { show: "import" | "export" }) {
  const rows: FormatRow[] = formatRows();
  return (
    <ul
      aria-label="File formats"
      className="flex flex-col divide-y divide-border rounded-md border border-border"
    >
      {rows.map((row) => (
        <li key={row.id} data-format={row.id} className="flex flex-col gap-1.5 px-4 py-3">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-sm font-semibold text-foreground">{row.label}</span>
            <span className="text-xs text-muted">
              {show === "import" ? "Files: " : "Writes: "}
              {show === "import" ? (
                row.extensions.map((extension, index) => (
                  <span key={extension}>
                    {index > 0 ? ", " : null}
                    <Code>{extension}</Code>
                  </span>
                ))
              ) : (
                <Code>{row.exportPath}</Code>
              )}
            </span>
          </div>
          <p className="text-sm leading-6 text-foreground">{row.notes}</p>
          <p className="text-sm leading-6 text-muted">
            <span className="font-medium text-foreground">Keeps: </span>
            {row.keeps}
          </p>
        </li>
      ))}
    </ul>
  );
}
