import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { KeyRow as KeyRowData } from "../../../../shared/schemas/keys.ts";
import { CellServicesProvider } from "../../../components/cell-editor/cell-services.tsx";
import { EditingContext } from "../../../components/cell-editor/editing-context.tsx";
import { INERT_CELL_SERVICES } from "../../../components/cell-editor/test-fixtures.tsx";
import type { CellEditing } from "../../../components/cell-editor/use-cell-editing.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { KeyRow } from "./key-row.tsx";

afterEach(cleanup);

const noop = () => {};
/** No cell is open: the row only shows. */
const IDLE: CellEditing = {
  session: null,
  changed: false,
  flashing: new Set(),
  askingUnsaved: false,
  begin: noop,
  change: noop,
  save: noop,
  discard: noop,
  keepTheirs: noop,
  requestClose: noop,
  answerUnsaved: noop,
  saveValue: noop,
  markSaved: noop,
  receiveTheirs: () => false,
};

const row = (key: string, namespace?: string): KeyRowData => ({
  id: `id-${key}`,
  key,
  createdAt: "2026-01-01T00:00:00.000Z",
  strings: { en: { value: "Save", version: 1, updatedAt: "2026-01-01T00:00:00.000Z" } },
  ...(namespace === undefined ? {} : { namespace }),
});

function renderRow(data: KeyRowData) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CellServicesProvider value={INERT_CELL_SERVICES}>
        <EditingContext.Provider value={IDLE}>
          <table>
            <tbody>
              <tr>
                <KeyRow
                  projectId="p1"
                  row={data}
                  source={{ code: "en", label: "English" }}
                  targets={[]}
                  targetLoading={false}
                  selected={false}
                  showActions={false}
                  onPin={noop}
                  canManageKeys
                  onToggle={noop}
                  onEdit={noop}
                  onDelete={noop}
                />
              </tr>
            </tbody>
          </table>
        </EditingContext.Provider>
      </CellServicesProvider>
    </QueryClientProvider>,
  );
  return screen.getAllByRole("cell")[0] as HTMLElement;
}

describe("the key cell's file (namespace, issue 33)", () => {
  it("shows the file of a key in a project of several files beside its name", () => {
    const cell = renderRow(row("auth:title", "auth"));
    // The name is still an element of its own text.
    expect(within(cell).getByText("auth:title")).toBeTruthy();
    const label = within(cell).getByTitle("In the file auth");
    expect(label.textContent).toBe(" in the file auth");
  });

  it("shows nothing for a key of the default file", () => {
    const cell = renderRow(row("home.title"));
    expect(within(cell).getByText("home.title")).toBeTruthy();
    expect(cell.querySelector("[title^='In the file']")).toBeNull();
    expect(cell.textContent).not.toContain("in the file");
  });
});
