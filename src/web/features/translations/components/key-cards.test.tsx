import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useReducer } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { editReducer, isChanged } from "../../../components/cell-editor/cell-edit.ts";
import { CellServicesProvider } from "../../../components/cell-editor/cell-services.tsx";
import { EditingContext } from "../../../components/cell-editor/editing-context.tsx";
import { INERT_CELL_SERVICES } from "../../../components/cell-editor/test-fixtures.tsx";
import type { CellEditing } from "../../../components/cell-editor/use-cell-editing.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { KeysTable } from "./keys-table.tsx";

const cell = (value: string) => ({ value, version: 1, updatedAt: "2026-01-01T00:00:00.000Z" });
const key = (id: string, name: string, en: string, de?: string): KeyRow => ({
  id,
  key: name,
  createdAt: "2026-01-01T00:00:00.000Z",
  strings: { en: cell(en), ...(de ? { de: cell(de) } : {}) },
});
const KEYS = [key("k1", "checkout.pay", "Pay", "Zahlen"), key("k2", "home.title", "Welcome")];

/** matchMedia with a width the test changes, telling listeners as the browser does on a resize. */
function viewport(narrow: boolean) {
  let matches = narrow;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return query.includes("max-width") ? matches : !matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners) listener();
  };
}

/** The keys table with the editing state machine: Save and Discard close the editor. */
function Harness({ complete, onLoadMore }: { complete: boolean; onLoadMore: () => void }) {
  const [session, dispatch] = useReducer(editReducer, null);
  const noop = () => {};
  const editing: CellEditing = {
    session,
    changed: isChanged(session),
    flashing: new Set(),
    askingUnsaved: false,
    begin: (keyId, language, c) => dispatch({ type: "begin", keyId, language, cell: c }),
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
      <KeysTable
        projectId="p1"
        keys={KEYS}
        complete={complete}
        onLoadMore={onLoadMore}
        source={{ code: "en", label: "English" }}
        targets={[{ code: "de", label: "German" }]}
        targetLoading={false}
        canManageKeys
        selection={new Set()}
        onToggle={noop}
        onToggleAll={noop}
        onEdit={noop}
        onDelete={noop}
        editingKeyId={session?.keyId ?? null}
      />
    </EditingContext.Provider>
  );
}

function setup({ narrow, complete = true }: { narrow: boolean; complete?: boolean }) {
  const resize = viewport(narrow);
  const onLoadMore = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CellServicesProvider value={INERT_CELL_SERVICES}>
        <Harness complete={complete} onLoadMore={onLoadMore} />
      </CellServicesProvider>
    </QueryClientProvider>,
  );
  return { resize, onLoadMore };
}

const card = (name: string) =>
  document.querySelector<HTMLTableRowElement>(`table[aria-label="Translation keys"] tr[data-key="${name}"]`);
/** Cards label each value with its language through CSS variables on the scroll box. */
const labelsOf = () => {
  const style = screen.getByTestId("keys-scroll").style;
  return [style.getPropertyValue("--source-label"), style.getPropertyValue("--target-label")];
};

// The list is virtualized: give the scroll box a height so its rows render in jsdom.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, "clientHeight", clientHeight);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the keys on a phone (below 640 px, issue 19)", () => {
  it("are one card per key: name, then the source and the selected language, each labelled", () => {
    setup({ narrow: true });
    expect(labelsOf()).toEqual(['"English"', '"German"']);
    const pay = card("checkout.pay");
    if (!pay) throw new Error("no card for checkout.pay");
    const cells = pay.querySelectorAll(":scope > td");
    expect([...cells].map((td) => td.textContent)).toEqual(["checkout.pay", "Pay", "Zahlen"]);
    expect(within(pay).getByRole("checkbox", { name: "Select checkout.pay" })).toBeTruthy();
    // An empty translation reads 'Empty', as in the table.
    expect(card("home.title")?.querySelectorAll(":scope > td")[2]?.textContent).toBe("Empty");
  });

  it("edit, save and discard are the table's cell editor", async () => {
    setup({ narrow: true });
    const user = userEvent.setup();
    const trigger = card("checkout.pay")?.querySelectorAll<HTMLElement>("[data-cell-trigger]")[1];
    if (!trigger) throw new Error("no German cell on the card");
    await user.click(trigger);
    const editor = screen.getByRole("textbox", { name: "German of checkout.pay" });
    expect((editor as HTMLTextAreaElement).value).toBe("Zahlen");
    await user.type(editor, "!");
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("textbox", { name: "German of checkout.pay" })).toBeNull();
  });

  it("asks for the next page like the table when the loaded keys all show", () => {
    const { onLoadMore } = setup({ narrow: true, complete: false });
    expect(onLoadMore).toHaveBeenCalled();
  });

  it("turn into the table and back when the window is resized across 640 px", () => {
    const { resize } = setup({ narrow: false });
    expect(screen.getByTestId("keys-scroll").style.getPropertyValue("--source-label")).toBe("");
    act(() => resize(true));
    expect(labelsOf()).toEqual(['"English"', '"German"']);
    act(() => resize(false));
    expect(screen.getByTestId("keys-scroll").style.getPropertyValue("--source-label")).toBe("");
    expect(card("checkout.pay")).not.toBeNull();
  });
});
