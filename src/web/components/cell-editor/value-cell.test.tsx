import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useReducer } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { KeyRow } from "../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { editReducer, isChanged } from "./cell-edit.ts";
import { type CellServices, CellServicesProvider } from "./cell-services.tsx";
import { EditingContext } from "./editing-context.tsx";
import { INERT_CELL_SERVICES } from "./test-fixtures.tsx";
import type { CellEditing } from "./use-cell-editing.ts";
import { ValueCell } from "./value-cell.tsx";

afterEach(cleanup);

const row: Pick<KeyRow, "id" | "key" | "strings"> = {
  id: "k1",
  key: "greeting",
  strings: { en: { value: "Hello", version: 1, updatedAt: "2026-01-01T00:00:00.000Z" } },
};

/** One source cell with the editing state machine; saving and discarding just close the editor. */
function Cell() {
  const [session, dispatch] = useReducer(editReducer, null);
  const noop = () => {};
  const editing: CellEditing = {
    session,
    changed: isChanged(session),
    flashing: new Set(),
    askingUnsaved: false,
    begin: (keyId, language, cell) => dispatch({ type: "begin", keyId, language, cell }),
    change: (draft) => dispatch({ type: "change", draft }),
    save: () => dispatch({ type: "close" }),
    discard: () => dispatch({ type: "close" }),
    keepTheirs: noop,
    requestClose: noop,
    answerUnsaved: noop,
    saveValue: noop,
    markSaved: noop,
    receiveTheirs: () => false,
  };
  return (
    <EditingContext.Provider value={editing}>
      <table>
        <tbody>
          <tr>
            <ValueCell
              projectId="p1"
              row={row}
              language="en"
              languageLabel="English"
              sourceValue={undefined}
              showActions={false}
              onPin={noop}
            />
          </tr>
        </tbody>
      </table>
    </EditingContext.Provider>
  );
}

function setup(services: CellServices = INERT_CELL_SERVICES) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CellServicesProvider value={services}>
        <Cell />
      </CellServicesProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("a table cell and the keyboard", () => {
  it.each(["{Enter}", "{Escape}"])(
    "the cell takes the focus back when its editor closes with %s",
    async (key) => {
      const user = setup();
      const cell = screen.getByRole("button", { name: "Hello" });
      cell.focus();
      await user.keyboard("{Enter}");
      const editor = screen.getByRole("textbox", { name: "English of greeting" });
      await waitFor(() => expect(document.activeElement).toBe(editor));
      await user.keyboard(key);
      expect(screen.queryByRole("textbox", { name: "English of greeting" })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Hello" }));
    },
  );

  it("Alt+↑ in a source text's editor reaches the writing assistant above it (Tab saves and moves on)", async () => {
    const user = setup({
      ...INERT_CELL_SERVICES,
      WritingAssistant: ({ cellLabel }) => (
        <button type="button" aria-label={`Writing assistant for ${cellLabel}`}>
          Assistant
        </button>
      ),
    });
    await user.click(screen.getByRole("button", { name: "Hello" }));
    const editor = screen.getByRole("textbox", { name: "English of greeting" });
    await waitFor(() => expect(document.activeElement).toBe(editor));
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Writing assistant for English of greeting" }),
    );
    // Still editing: the assistant works on the open draft.
    expect(screen.getByRole("textbox", { name: "English of greeting" })).toBe(editor);
  });
});
