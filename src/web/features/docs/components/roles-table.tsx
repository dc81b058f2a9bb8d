import { MEMBER_ROLES } from "../../../../shared/permissions.ts";
import { ROLE_LABELS, roleTableRows } from "../permission-texts.ts";
import { DataTable, YesNo } from "./prose.tsx";

/** Who may do what: one row per permission of `src/shared/permissions.ts`, the table the server enforces. */
export function RolesTable() {
  const rows = roleTableRows();
  return (
    <DataTable
      caption="Roles and permissions"
      columns={["Permission", ...MEMBER_ROLES.map((role) => ROLE_LABELS[role])]}
      rowKeys={rows.map((row) => row.permission)}
      rows={rows.map((row) => [
        <span key="what" className="flex flex-col gap-0.5" data-permission={row.permission}>
          <span className="font-normal">{row.description}</span>
          <span className="font-mono text-xs font-normal wrap-anywhere text-muted">{row.permission}</span>
        </span>,
        ...MEMBER_ROLES.map((role) => <YesNo key={role} value={row.allowed[role]} />),
      ])}
      columnClassNames={[
        undefined,
        "w-16 px-2 text-center",
        "w-16 px-2 text-center",
        "w-16 px-2 text-center",
      ]}
    />
  );
}
