import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GlossaryEntry } from "../../../shared/glossary/match.ts";
import type { CheckId } from "../../../shared/quality/checks.ts";
import type { KeyRow } from "../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { type CellServices, CellServicesProvider } from "./cell-services.tsx";
import { DisabledChecksProvider } from "./disabled-checks.tsx";
import { EditingContext } from "./editing-context.tsx";
import { INERT_CELL_SERVICES } from "./test-fixtures.tsx";
import type { CellEditing } from "./use-cell-editing.ts";
import { ValueCell } from "./value-cell.tsx";

afterEach(cleanup);

const at = "2026-01-01T00:00:00.000Z";
type Row = Pick<KeyRow, "id" | "key" | "strings" | "maxLength" | "valueType">;

function rowWith(en: string, de: string, extra: Partial<Row> = {}): Row {
  return {
    id: "k1",
    key: "greeting",
    strings: { en: { value: en, version: 1, updatedAt: at }, de: { value: de, version: 2, updatedAt: at } },
    ...extra,
  };
}

const noop = () => {};

function editingWith(saveValue: CellEditing["saveValue"]): CellEditing {
  return {
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
    saveValue,
    markSaved: noop,
    receiveTheirs: () => false,
  };
}

const GLOSSARY: readonly GlossaryEntry[] = [
  {
    id: "t1",
    term: "workspace",
    caseSensitive: false,
    forbidden: false,
    doNotTranslate: false,
    translations: { de: "Arbeitsbereich" },
  },
];

function renderCell(
  row: Row,
  options: {
    language?: string;
    source?: boolean;
    sourceLanguage?: string;
    disabledChecks?: readonly CheckId[];
    /** The page's list (the project's settings), given by context. */
    projectDisabledChecks?: readonly CheckId[];
    services?: CellServices;
    saveValue?: CellEditing["saveValue"];
  } = {},
) {
  const language = options.language ?? "de";
  const sourceValue = options.source ? undefined : (row.strings.en?.value ?? "");
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <CellServicesProvider value={options.services ?? INERT_CELL_SERVICES}>
        <EditingContext.Provider value={editingWith(options.saveValue ?? noop)}>
          <DisabledChecksProvider value={options.projectDisabledChecks ?? []}>
            <table>
              <tbody>
                <tr>
                  <ValueCell
                    projectId="p1"
                    row={row}
                    language={options.source ? "en" : language}
                    languageLabel="German"
                    sourceValue={sourceValue}
                    {...(options.sourceLanguage ? { sourceLanguage: options.sourceLanguage } : {})}
                    {...(options.disabledChecks ? { disabledChecks: options.disabledChecks } : {})}
                    showActions={false}
                    onPin={noop}
                  />
                </tr>
              </tbody>
            </table>
          </DisabledChecksProvider>
        </EditingContext.Provider>
      </CellServicesProvider>
    </QueryClientProvider>,
  );
  return container.querySelector("td") as HTMLTableCellElement;
}

describe("the quality checks of a table cell (issue 21)", () => {
  it("flags placeholders as before, and 'Fix placeholders' saves the fixed value", async () => {
    const saveValue = vi.fn();
    const td = renderCell(rowWith("Hello {name}!", "Hallo!"), { sourceLanguage: "en", saveValue });
    expect(td.hasAttribute("data-placeholder-mismatch")).toBe(true);
    expect(screen.getByRole("note").textContent).toContain("Placeholders differ: missing “{name}”");
    await userEvent.setup().click(screen.getByRole("button", { name: "Fix placeholders" }));
    expect(saveValue).toHaveBeenCalledWith(
      "k1",
      "de",
      expect.objectContaining({ version: 2 }),
      "Hallo {name}!",
    );
  });

  it("shows the other checks with their fixes", async () => {
    const saveValue = vi.fn();
    renderCell(rowWith("Saved.", "Gespeichert"), { sourceLanguage: "en", saveValue });
    expect(screen.getByRole("note").textContent).toContain(
      "Ends without punctuation but the source ends with “.”",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Fix: Ending punctuation" }));
    expect(saveValue).toHaveBeenCalledWith("k1", "de", expect.anything(), "Gespeichert.");
  });

  it("shows nothing for a good translation, an empty one, or a list from a file", () => {
    const good = renderCell(rowWith("Hello {name}!", "Hallo {name}!"), { sourceLanguage: "en" });
    expect(good.hasAttribute("data-placeholder-mismatch")).toBe(false);
    expect(screen.queryByRole("note")).toBeNull();
    cleanup();
    renderCell(rowWith("Hello {name}!", ""), { sourceLanguage: "en" });
    expect(screen.queryByRole("note")).toBeNull();
    cleanup();
    renderCell(rowWith("[1, 2]", "[3]", { valueType: "json" }), { sourceLanguage: "en" });
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("leaves out the checks the project turned off", () => {
    const td = renderCell(rowWith("Hello {name}!", "Hallo."), {
      sourceLanguage: "en",
      disabledChecks: ["placeholders", "punctuation"],
    });
    expect(td.hasAttribute("data-placeholder-mismatch")).toBe(false);
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("leaves out the checks the page's project turned off (Project Settings → Quality checks)", () => {
    renderCell(rowWith("Saved.", "Gespeichert"), {
      sourceLanguage: "en",
      projectDisabledChecks: ["punctuation"],
    });
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("checks the key's max length, on the source cell too", () => {
    renderCell(rowWith("Hello there", "Hallo", { maxLength: 8 }), { source: true, sourceLanguage: "en" });
    expect(screen.getByRole("note").textContent).toContain("Longer than 8 characters (11)");
  });

  it("uses the glossary the services give", () => {
    const services: CellServices = { ...INERT_CELL_SERVICES, useGlossaryEntries: () => GLOSSARY };
    renderCell(rowWith("Open the workspace", "Öffne den Bereich"), { sourceLanguage: "en", services });
    expect(screen.getByRole("note").textContent).toContain(
      "Missing the glossary term “workspace” (use “Arbeitsbereich”)",
    );
  });

  it("uses the source language: a regional variant of it may repeat the source", () => {
    const row = rowWith("Colour settings", "");
    row.strings["en-GB"] = { value: "Colour settings", version: 1, updatedAt: at };
    renderCell(row, { language: "en-GB", sourceLanguage: "en" });
    expect(screen.queryByRole("note")).toBeNull();
    cleanup();
    // Without the source language, no language-specific rule applies.
    renderCell(row, { language: "en-GB" });
    expect(screen.getByRole("note").textContent).toContain("Same as the source text");
  });
});
