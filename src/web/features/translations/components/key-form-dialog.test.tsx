import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KeyFacets } from "../../../../shared/schemas/key-filters.ts";
import type { KeyRow } from "../../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiCall, mockApi, refusal } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { KeyFormDialog } from "./key-form-dialog.tsx";

const toast = watchToasts();

const FACETS: KeyFacets = {
  language: "en",
  total: 3,
  matching: 3,
  matchingMissing: 0,
  missing: 0,
  translated: 3,
  unverified: 0,
  approved: 0,
  needsChanges: 0,
  pending: 3,
  placeholders: 0,
  issues: 0,
  checks: [],
  described: 0,
  tags: [],
  namespaces: [],
  groups: [],
};
const SEVERAL_FILES = [
  { namespace: "", count: 1 },
  { namespace: "auth", count: 1 },
  { namespace: "common", count: 1 },
];

const rowOf = (fields: Partial<KeyRow> & { key: string }): KeyRow => ({
  id: "k1",
  createdAt: "2026-01-01T00:00:00.000Z",
  strings: {},
  ...fields,
});

/** Every call the dialog made in this test. */
let calls: ApiCall[] = [];
/** The changes the dialog sent: creating or changing a key. */
const sent = () =>
  calls.filter((call) => call.procedure === "keys.create" || call.procedure === "keys.update");

/** A fake keys API: the facets' files, and what creating or changing a key answers. */
function stubApi({
  namespaces = [] as KeyFacets["namespaces"],
  refuse,
}: {
  namespaces?: KeyFacets["namespaces"];
  refuse?: string;
}) {
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "No such API endpoint");
  };
  const answer = (body: { key?: string; namespace?: string }) => {
    if (refuse) throw refusal(400, "validation_failed", refuse);
    const namespace = body.namespace !== "" ? body.namespace : undefined;
    return rowOf({ key: body.key ?? "home.title", ...(namespace ? { namespace } : {}) });
  };
  calls = mockApi({
    keys: {
      facets: ({ params }) => {
        inP1(params.projectId);
        return { ...FACETS, namespaces };
      },
      create: ({ params, body }) => {
        inP1(params.projectId);
        return answer(body);
      },
      update: ({ body }) => answer(body),
    },
  });
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  fakeResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(editing: KeyRow | null = null) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <KeyFormDialog projectId="p1" sourceLanguage="en" editing={editing} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole("dialog", {
    name: editing ? "Edit Translation Key" : "Add Translation Key",
  });
  return { dialog, onOpenChange, user: userEvent.setup() };
}

/** The facets have answered: the dialog knows whether the project has several files. */
const facetsAnswered = () =>
  waitFor(() => expect(calls.some((call) => call.procedure === "keys.facets")).toBe(true));

describe("the key dialog's file (namespace, issue 33)", () => {
  it("has no file field in a project of one file a language, and sends none", async () => {
    stubApi({});
    const { dialog, user, onOpenChange } = renderDialog();
    await facetsAnswered();
    expect(within(dialog).getByText("Source string (English)")).toBeTruthy();
    expect(within(dialog).queryByLabelText(/File \(namespace\)/)).toBeNull();
    await user.type(within(dialog).getByLabelText("Key name"), "home.title");
    await user.click(within(dialog).getByRole("button", { name: "Add Key" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.input).not.toHaveProperty("body.namespace");
    // Still none once the facets are surely in.
    expect(within(dialog).queryByLabelText(/File \(namespace\)/)).toBeNull();
  });

  it("adds a key to a file of the project, offering the files it has", async () => {
    stubApi({ namespaces: SEVERAL_FILES });
    const { dialog, user, onOpenChange } = renderDialog();
    const field = await within(dialog).findByLabelText(/File \(namespace\)/);
    const list = document.getElementById(field.getAttribute("list") ?? "");
    expect([...(list?.querySelectorAll("option") ?? [])].map((option) => option.value)).toEqual([
      "auth",
      "common",
    ]);
    expect(within(dialog).getByText("Leave empty for the default file.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Key name"), "login.title");
    await user.type(field, " auth ");
    await user.click(within(dialog).getByRole("button", { name: "Add Key" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()[0]).toMatchObject({
      procedure: "keys.create",
      input: { body: { key: "login.title", namespace: "auth" } },
    });
  });

  it("refuses a name that cannot be a file before sending, and shows the server's refusal", async () => {
    stubApi({ namespaces: SEVERAL_FILES, refuse: "A namespace is taken by something else" });
    const { dialog, user } = renderDialog();
    const field = await within(dialog).findByLabelText(/File \(namespace\)/);
    await user.type(within(dialog).getByLabelText("Key name"), "login.title");
    await user.type(field, "auth/login");
    await user.click(within(dialog).getByRole("button", { name: "Add Key" }));
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(
      /^A namespace is a file name without its extension/,
    );
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(sent()).toEqual([]);

    await user.clear(field);
    await user.type(field, "login");
    await user.click(within(dialog).getByRole("button", { name: "Add Key" }));
    expect(await within(dialog).findByText("A namespace is taken by something else")).toBeTruthy();
    expect(sent()).toHaveLength(1);
  });

  it("moves a key to another file, and sends no file when it stays", async () => {
    stubApi({ namespaces: SEVERAL_FILES });
    const editing = rowOf({ key: "login.title", namespace: "auth", description: "Heading" });
    const first = renderDialog(editing);
    const field = (await within(first.dialog).findByLabelText(/File \(namespace\)/)) as HTMLInputElement;
    expect(field.value).toBe("auth");
    // Another change: the file is left out of the body.
    await first.user.type(within(first.dialog).getByLabelText(/Tags/), "login");
    await first.user.click(within(first.dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(first.onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()[0]).toMatchObject({
      procedure: "keys.update",
      input: { params: { keyId: "k1" }, body: { tags: ["login"] } },
    });
    expect(sent()[0]?.input).not.toHaveProperty("body.namespace");
    cleanup();

    const second = renderDialog(editing);
    const again = await within(second.dialog).findByLabelText(/File \(namespace\)/);
    // Emptied: the key moves to the default file.
    await second.user.clear(again);
    await second.user.click(within(second.dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(second.onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()[1]).toMatchObject({ procedure: "keys.update", input: { body: { namespace: "" } } });
  });

  it("shows a key's own file even before the project's files are known", () => {
    stubApi({});
    const { dialog } = renderDialog(rowOf({ key: "login.title", namespace: "auth" }));
    expect((within(dialog).getByLabelText(/File \(namespace\)/) as HTMLInputElement).value).toBe("auth");
  });
});
