import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { KeyRow, SavedString, StringConflict } from "../../../../shared/schemas/keys.ts";
import type { CellServices, SaveStringInput } from "../../../components/cell-editor/cell-services.tsx";
import { CellServicesProvider } from "../../../components/cell-editor/cell-services.tsx";
import { EditingContext } from "../../../components/cell-editor/editing-context.tsx";
import { INERT_CELL_SERVICES } from "../../../components/cell-editor/test-fixtures.tsx";
import { useCellEditing } from "../../../components/cell-editor/use-cell-editing.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { KeysTable } from "./keys-table.tsx";

/**
 * The Overview's keys table by keyboard in an open editor: Tab / Shift+Tab save and open the same
 * language's cell of the next / previous key, with the real editing hook and a fake strings API.
 */

const AT = "2026-01-01T00:00:00.000Z";
const cell = (value: string, version = 1) => ({ value, version, updatedAt: AT });
const key = (id: string, name: string, strings: KeyRow["strings"], extra: Partial<KeyRow> = {}): KeyRow => ({
  id,
  key: name,
  createdAt: AT,
  strings,
  ...extra,
});
/** Two groups; a read-only list from a file sits between two keys of the second. */
const KEYS = [
  key("k1", "checkout.pay", { en: cell("Pay"), de: cell("Zahlen") }),
  key("k2", "checkout.title", { en: cell("Checkout") }),
  key("k3", "home.sizes", { en: cell('["S","M"]') }, { valueType: "json" }),
  key("k4", "home.subtitle", { en: cell("Everything in one place"), de: cell("Alles", 2) }),
  key("k5", "home.title", { en: cell("Welcome") }),
];

class ConflictError extends Error {
  constructor(readonly body: StringConflict) {
    super("conflict");
  }
}

/** The strings API: answers each save with the next version, unless a test says otherwise. */
const saves = vi.fn<(input: SaveStringInput) => Promise<SavedString>>();
const SERVICES: CellServices = {
  ...INERT_CELL_SERVICES,
  useSaveString: () => ({ mutateAsync: (input) => saves(input) }),
  conflictOf: (error) => (error instanceof ConflictError ? error.body : undefined),
};

function Overview() {
  const editing = useCellEditing("p1");
  const noop = () => {};
  return (
    <EditingContext.Provider value={editing}>
      <KeysTable
        projectId="p1"
        keys={KEYS}
        complete
        onLoadMore={noop}
        source={{ code: "en", label: "English" }}
        targets={[{ code: "de", label: "German" }]}
        targetLoading={false}
        canManageKeys
        selection={new Set()}
        onToggle={noop}
        onToggleAll={noop}
        onEdit={noop}
        onDelete={noop}
        editingKeyId={editing.session?.keyId ?? null}
      />
    </EditingContext.Provider>
  );
}

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CellServicesProvider value={SERVICES}>
        <Overview />
      </CellServicesProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The button that opens the German cell of a key (column 3: key, English, German). */
function germanCell(name: string): HTMLElement {
  const trigger = document.querySelector<HTMLElement>(
    `tr[data-key="${name}"] > td:nth-child(3) [data-cell-trigger]`,
  );
  if (!trigger) throw new Error(`no German cell for ${name}`);
  return trigger;
}
const editor = (name: string) => screen.queryByRole("textbox", { name: `German of ${name}` });
const openEditors = () => screen.queryAllByRole("textbox");

/** Waits until the editor of `name` is the only one open and has the focus, caret at the end. */
async function expectEditing(name: string) {
  await waitFor(() => {
    const open = editor(name) as HTMLTextAreaElement | null;
    expect(open, `the editor of ${name}`).not.toBeNull();
    expect(document.activeElement).toBe(open);
    expect(open?.selectionStart).toBe(open?.value.length);
  });
  expect(openEditors()).toHaveLength(1);
}

const saved = () => saves.mock.calls.map(([input]) => [input.keyId, input.value, input.baseVersion]);

// The list is virtualized: the scroll box needs a height for its rows to render in jsdom, and a wide
// window for the table (not the phone cards).
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, "clientHeight", clientHeight);
});
beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      media: query,
      matches: !query.includes("max-width"),
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  saves.mockImplementation(async (input) => ({
    keyId: input.keyId,
    language: input.language,
    cell: cell(input.value, (input.baseVersion ?? 0) + 1),
  }));
});
afterEach(() => {
  cleanup();
  saves.mockReset();
  vi.unstubAllGlobals();
});

describe("the keys table: Tab in an open editor", () => {
  it("saves and opens the next key's cell of the same language, down the column, skipping headers and read-only keys", async () => {
    const user = setup();
    await user.click(germanCell("checkout.pay"));
    await expectEditing("checkout.pay");
    await user.keyboard(" jetzt");
    await user.tab();
    await expectEditing("checkout.title");
    await user.keyboard("Kasse");
    await user.tab();
    // Across the home group's header, past the read-only list; the caret is after the text there.
    await expectEditing("home.subtitle");
    await user.keyboard(" an einem Ort");
    await user.tab();
    await expectEditing("home.title");
    await user.keyboard("Willkommen");
    // The last key: Tab saves and the focus stays on its cell (no wrap to the top).
    await user.tab();
    await waitFor(() => expect(openEditors()).toHaveLength(0));
    expect(document.activeElement).toBe(germanCell("home.title"));
    expect(saved()).toEqual([
      ["k1", "Zahlen jetzt", 1],
      ["k2", "Kasse", undefined],
      ["k4", "Alles an einem Ort", 2],
      ["k5", "Willkommen", undefined],
    ]);
    expect(saves.mock.calls.every(([input]) => input.language === "de")).toBe(true);
  });

  it("Shift+Tab saves and opens the previous key's; an unchanged cell is passed without a save; the first key stays", async () => {
    const user = setup();
    await user.click(germanCell("home.title"));
    await expectEditing("home.title");
    await user.keyboard("Willkommen");
    await user.tab({ shift: true });
    await expectEditing("home.subtitle");
    await user.tab({ shift: true });
    await expectEditing("checkout.title");
    await user.tab({ shift: true });
    await expectEditing("checkout.pay");
    await user.tab({ shift: true });
    await waitFor(() => expect(openEditors()).toHaveLength(0));
    expect(document.activeElement).toBe(germanCell("checkout.pay"));
    expect(saved()).toEqual([["k5", "Willkommen", undefined]]);
  });

  it("a save that fails keeps the editor open on the same cell, with what was typed", async () => {
    const user = setup();
    saves.mockRejectedValueOnce(new Error("500"));
    await user.click(germanCell("checkout.pay"));
    await user.keyboard("!");
    await user.tab();
    const open = editor("checkout.pay") as HTMLTextAreaElement;
    await waitFor(() => expect(open.readOnly).toBe(false));
    expect(open.value).toBe("Zahlen!");
    expect(document.activeElement).toBe(open);
    expect(openEditors()).toHaveLength(1);
    // Tab again once the server answers: now it moves on.
    await user.tab();
    await expectEditing("checkout.title");
    expect(saved()).toEqual([
      ["k1", "Zahlen!", 1],
      ["k1", "Zahlen!", 1],
    ]);
  });

  it("a conflict keeps the editor on the same cell with their change; Tab then reaches Keep theirs", async () => {
    const user = setup();
    saves.mockRejectedValueOnce(
      new ConflictError({
        error: { code: "conflict", message: "Changed meanwhile" },
        current: { ...cell("Bezahlen", 2), updatedBy: "Grace" },
      }),
    );
    await user.click(germanCell("checkout.pay"));
    await user.keyboard("!");
    await user.tab();
    expect((await screen.findByRole("alert")).textContent).toContain("Grace changed this");
    expect(editor("checkout.pay")).not.toBeNull();
    expect(editor("checkout.title")).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep theirs" }));
  });

  it("Enter still saves and stays on the cell; Escape discards", async () => {
    const user = setup();
    await user.click(germanCell("checkout.pay"));
    await user.keyboard("!{Enter}");
    await waitFor(() => expect(openEditors()).toHaveLength(0));
    expect(document.activeElement).toBe(germanCell("checkout.pay"));
    await user.keyboard("{Enter}");
    await expectEditing("checkout.pay");
    await user.keyboard("?{Escape}");
    expect(openEditors()).toHaveLength(0);
    expect(document.activeElement).toBe(germanCell("checkout.pay"));
    expect(saved()).toEqual([["k1", "Zahlen!", 1]]);
  });

  it("the cell's own buttons come after it in the Tab order while it is not being edited", async () => {
    const user = setup();
    act(() => germanCell("checkout.pay").focus());
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Copy German of checkout.pay" }));
    // From the open editor, Tab goes to the next key, never to those buttons.
    await user.click(germanCell("checkout.pay"));
    await user.tab();
    await expectEditing("checkout.title");
  });
});
