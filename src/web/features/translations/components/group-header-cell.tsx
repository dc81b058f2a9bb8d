import type { TableRow } from "../key-groups.ts";

/** A key group's heading row cell, its name and how many keys it holds: the table's and the cards'. */
export function GroupHeaderCell({
  group,
  colSpan,
  className = "",
}: {
  group: Extract<TableRow, { type: "group" }>;
  colSpan: number;
  className?: string;
}) {
  return (
    <th
      scope="rowgroup"
      colSpan={colSpan}
      className={`flex items-center gap-2 px-3 py-2 text-left text-xs font-semibold ${className}`}
    >
      <span>{group.name}</span>
      <span className="font-normal text-muted">
        {group.count.toLocaleString("en")}
        {group.more ? "+" : ""}
      </span>
    </th>
  );
}
