/** Plain columns padded with spaces: readable in a CI log, no colours. The first `left` read as text. */
export function table(
  rows: readonly (readonly (string | number)[])[],
  columns: readonly string[],
  left = 1,
): string {
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells: readonly (string | number)[]) =>
    cells
      .map((cell, i) =>
        i < left ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(columns), ...rows.map(line)].join("\n");
}
