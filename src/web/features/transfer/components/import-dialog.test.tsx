import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiCall, failure, inputsOf, mockApi } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { ImportDialog, NAMESPACE_HINT } from "./import-dialog.tsx";

const toast = watchToasts();

const PROJECT: Project = {
  id: "p1",
  teamId: "t1",
  name: "App",
  kind: "web",
  sourceLanguage: "en",
  languages: ["en", "de"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const RESULT = { keysAdded: 2, translationsAdded: 3, languagesAdded: 0, errors: 0, warnings: [] };

/** Every call the dialog made in this test. */
let calls: ApiCall[] = [];
/** The body of each import the dialog sent (the link sends it as multipart form fields). */
const sent = () => inputsOf(calls, "transfer.import").map((input) => input.body);

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  fakeResizeObserver();
  calls = mockApi({
    transfer: {
      import: ({ params }) => {
        if (params.projectId !== "p1") throw failure(404);
        return RESULT;
      },
    },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImportDialog project={PROJECT} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole("dialog", { name: "Import translations" });
}

async function chooseFile(dialog: HTMLElement, name: string, text: string) {
  const user = userEvent.setup();
  await user.upload(within(dialog).getByLabelText("File"), new File([text], name));
  return user;
}

const columns = (dialog: HTMLElement) => within(dialog).getByRole("group", { name: "Columns" });
/** Each column's label and the text of its chosen option. */
const mapping = (dialog: HTMLElement) =>
  within(columns(dialog))
    .getAllByRole("combobox")
    .map((select) => {
      const chosen = (select as HTMLSelectElement).selectedOptions[0]?.textContent;
      return `${select.id && dialog.querySelector(`label[for="${select.id}"]`)?.textContent}: ${chosen}`;
    });

describe("Import dialog: the columns of a CSV table", () => {
  it("shows each column with the guessed use, and sends nothing extra when left alone", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(
      dialog,
      "de.csv",
      "string_id,English,Deutsch,notes,status\napp.save,Save,Speichern,Button label,done\n",
    );
    await waitFor(() => expect(within(dialog).queryByRole("group", { name: "Columns" })).not.toBeNull());
    expect(mapping(dialog)).toEqual([
      "string_id: Key",
      "English: English (en)",
      "Deutsch: German (de)",
      "notes: Description",
      "status: Ignore",
    ]);
    // The first row under each column helps to tell them apart.
    expect(within(columns(dialog)).getByText("First row: Button label")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ file: expect.objectContaining({ name: "de.csv" }), language: "de" });
    expect(sent()[0]).not.toHaveProperty("columns");
  });

  it("asks for the key column when none is guessed, and sends the columns chosen", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(
      dialog,
      "strings.csv",
      "Label,English,Deutsch,Kommentar\nsave,Save,Speichern,Knopf\n",
    );
    await waitFor(() => expect(within(dialog).queryByRole("group", { name: "Columns" })).not.toBeNull());
    expect(mapping(dialog)).toEqual([
      "Label: Ignore",
      "English: English (en)",
      "Deutsch: German (de)",
      "Kommentar: Ignore",
    ]);
    expect(within(columns(dialog)).getByText(/Choose the column that holds the keys/)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Language of the file"), "en");
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Check the columns: Choose the column that holds the keys: set it to “Key”.",
    );
    expect(sent()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText("Label"), "Key");
    await user.selectOptions(within(dialog).getByLabelText("Kommentar"), "Description");
    await user.selectOptions(within(dialog).getByLabelText("Deutsch"), "German (Switzerland) (de-CH)");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(sent()[0]?.columns ?? "")).toEqual({
      key: 0,
      languages: { "1": "en", "2": "de-CH" },
      description: 3,
    });
  });

  it("refuses two key columns or two columns of one language before sending", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(dialog, "de.csv", "key,en,de\na,A,Ä\n");
    await waitFor(() => expect(within(dialog).queryByRole("group", { name: "Columns" })).not.toBeNull());
    await user.selectOptions(within(dialog).getByLabelText("en"), "Key");
    expect(
      within(columns(dialog)).getByText("Only one column can hold the keys: “key” and “en” are both “Key”."),
    ).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("en"), "German (de)");
    expect(
      within(columns(dialog)).getByText(
        "“en” and “de” are both German (de): choose another language for one of them, or ignore it.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(within(dialog).getByRole("alert").textContent).toMatch(
      /^Check the columns: “en” and “de” are both German/,
    );
    expect(sent()).toEqual([]);
  });

  it("is usable from the keyboard: each column's select is labelled and in the tab order", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(dialog, "de.csv", "id,Français\na,b\n");
    await waitFor(() => expect(within(dialog).queryByRole("group", { name: "Columns" })).not.toBeNull());
    const key = within(dialog).getByRole("combobox", { name: "id" });
    const french = within(dialog).getByRole("combobox", { name: "Français" });
    expect((french as HTMLSelectElement).value).toBe("language:fr");
    key.focus();
    await user.tab();
    expect(document.activeElement).toBe(french);
  });

  it("shows no columns for other formats, or a table it cannot read", async () => {
    const dialog = renderDialog();
    await chooseFile(dialog, "de.json", '{"a": "b"}');
    await chooseFile(dialog, "de.xlsx", "not a workbook");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(dialog).queryByRole("group", { name: "Columns" })).toBeNull();
  });
});

describe("Import dialog: the file's namespace (issue 33)", () => {
  const namespaceField = (dialog: HTMLElement) =>
    within(dialog).getByLabelText("File (namespace)") as HTMLInputElement;

  it("shows the namespace the file name implies, and leaves it to the server when untouched", async () => {
    const dialog = renderDialog();
    expect(within(dialog).queryByLabelText("File (namespace)")).toBeNull();
    const user = await chooseFile(dialog, "common.json", '{"save": "Speichern"}');
    expect(namespaceField(dialog).value).toBe("common");
    expect(within(dialog).getByText(NAMESPACE_HINT)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Language of the file"), "de");
    expect(namespaceField(dialog).value).toBe("common");
    // Typed back to the guess: the same as untouched.
    await user.clear(namespaceField(dialog));
    await user.type(namespaceField(dialog), "common");
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({
      file: expect.objectContaining({ name: "common.json" }),
      language: "de",
    });
    expect(sent()[0]).not.toHaveProperty("namespace");
  });

  it("is empty for a language's one file, and sends the namespace typed", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(dialog, "de.json", '{"save": "Speichern"}');
    expect(namespaceField(dialog).value).toBe("");
    await user.type(namespaceField(dialog), " auth ");
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ language: "de", namespace: "auth" });
  });

  it("sends an emptied namespace as the one file; another file brings its own guess", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(dialog, "de.json", "{}");
    // Another file: the new file's guess replaces what was typed.
    await user.type(namespaceField(dialog), "x");
    await user.upload(within(dialog).getByLabelText("File"), new File(["{}"], "auth.de.json"));
    expect(namespaceField(dialog).value).toBe("auth");
    await user.clear(namespaceField(dialog));
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ language: "de", namespace: "" });
  });

  it("refuses a namespace that cannot be a file name before sending", async () => {
    const dialog = renderDialog();
    const user = await chooseFile(dialog, "de.json", "{}");
    await user.type(namespaceField(dialog), "auth/login");
    expect(namespaceField(dialog).getAttribute("aria-invalid")).toBe("true");
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    const alerts = within(dialog)
      .getAllByRole("alert")
      .map((alert) => alert.textContent);
    expect(alerts).toContain(
      'Check the file (namespace): A namespace is a file name without its extension: no / \\ : * ? " < > |, no control characters, and it does not start with a dot',
    );
    expect(sent()).toEqual([]);
    await user.clear(namespaceField(dialog));
    await user.type(namespaceField(dialog), "auth");
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ namespace: "auth" });
  });
});
