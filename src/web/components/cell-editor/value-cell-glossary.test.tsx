import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { KeyRow } from "../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { type CellServices, CellServicesProvider } from "./cell-services.tsx";
import { EditingContext } from "./editing-context.tsx";
import { INERT_CELL_SERVICES } from "./test-fixtures.tsx";
import type { CellEditing } from "./use-cell-editing.ts";
import { ValueCell } from "./value-cell.tsx";

afterEach(cleanup);

const row: Pick<KeyRow, "id" | "key" | "strings"> = {
  id: "k1",
  key: "greeting",
  strings: {
    en: { value: "Sign in", version: 1, updatedAt: "2026-01-01T00:00:00.000Z" },
    de: { value: "Anmelden", version: 1, updatedAt: "2026-01-01T00:00:00.000Z" },
  },
};

const noop = () => {};
const idle: CellEditing = {
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

/** A glossary slot that marks what it was given, to see which cells go through it. */
const SERVICES: CellServices = {
  ...INERT_CELL_SERVICES,
  GlossaryText: ({ text, language, projectId }) => (
    <span data-testid="glossary" data-language={language} data-project={projectId}>
      {text}
    </span>
  ),
};

describe("the glossary in a table cell (issue 21)", () => {
  it("shows the source text through the glossary slot, and a translation as plain text", () => {
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <CellServicesProvider value={SERVICES}>
          <EditingContext.Provider value={idle}>
            <table>
              <tbody>
                <tr>
                  {[
                    { language: "en", sourceValue: undefined },
                    { language: "de", sourceValue: "Sign in" },
                  ].map(({ language, sourceValue }) => (
                    <ValueCell
                      key={language}
                      projectId="p1"
                      row={row}
                      language={language}
                      languageLabel={language}
                      sourceValue={sourceValue}
                      showActions={false}
                      onPin={noop}
                    />
                  ))}
                </tr>
              </tbody>
            </table>
          </EditingContext.Provider>
        </CellServicesProvider>
      </QueryClientProvider>,
    );
    const slots = [...container.querySelectorAll("[data-testid=glossary]")];
    expect(
      slots.map((slot) => [
        slot.textContent,
        slot.getAttribute("data-language"),
        slot.getAttribute("data-project"),
      ]),
    ).toEqual([["Sign in", "en", "p1"]]);
    expect(container.querySelector('[data-cell$="de"]')?.textContent).toContain("Anmelden");
  });
});
