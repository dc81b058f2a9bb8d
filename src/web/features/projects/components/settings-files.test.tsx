import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FileTemplate } from "../../../../shared/schemas/file-templates.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { FILES_EMPTY, FILES_INTRO, SettingsFiles } from "./settings-files.tsx";

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
const GERMAN: FileTemplate = {
  id: "0b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c01",
  format: "json",
  language: "de",
  path: "locales/de.json",
  namespace: "",
  size: 2048,
  sha256: "ab".repeat(32),
  nested: false,
  uploadedBy: { name: "Olga Owner", email: "olga@example.com" },
  uploadedAt: "2026-03-01T10:00:00.000Z",
};
const TABLE: FileTemplate = {
  id: "1b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c02",
  format: "csv",
  language: "*",
  path: "strings.csv",
  namespace: "",
  size: 300,
  sha256: "cd".repeat(32),
  nested: null,
  uploadedBy: { name: "", email: "adam@example.com" },
  uploadedAt: "2026-03-02T10:00:00.000Z",
};
const ORPHAN: FileTemplate = {
  ...TABLE,
  id: "2b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c03",
  format: "xml",
  language: "fr",
  path: "values-fr/strings.xml",
  namespace: "",
  size: 3 * 1024 * 1024,
  uploadedBy: null,
};
const BYTES = '{\n    "home": "Startseite"\n}\n';

/** A fake API of project p1's kept files. */
function stubApi(files: FileTemplate[], options: { refuseDownload?: boolean } = {}) {
  let stored = [...files];
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "No such API endpoint");
  };
  return mockApi({
    files: {
      list: ({ params }) => {
        inP1(params.projectId);
        return { files: stored };
      },
      original: ({ params }) => {
        inP1(params.projectId);
        if (options.refuseDownload) throw refusal(404, "not_found", "File not found");
        return { blob: new Blob([BYTES], { type: "application/json" }), fileName: "de.json" };
      },
      remove: ({ params }) => {
        inP1(params.projectId);
        stored = stored.filter((file) => file.id !== params.id);
      },
    },
  });
}

/** The browser's download: the object URL's blob and the name the link saves it under. */
function watchDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  let last: Blob | undefined;
  vi.stubGlobal(
    "URL",
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        last = blob;
        return "blob:kept-file";
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ blob: last, name: this.download });
  });
  return saved;
}

function setup() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsFiles project={PROJECT} />
    </QueryClientProvider>,
  );
  return { user };
}

const fileTable = () => screen.findByRole("table", { name: "Files" });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe("Project Settings → Files", () => {
  it("lists each kept file with its language, format, uploader, time and size", async () => {
    stubApi([GERMAN, TABLE, ORPHAN]);
    setup();
    expect(screen.getByText(FILES_INTRO)).toBeTruthy();
    const table = await fileTable();
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["File", "Language", "Uploaded", "Size", "Actions"]);

    const [, german, csv, orphan] = within(table).getAllByRole("row");
    /** Each cell's lines (file: name, format, and the phone's language · size line; uploaded: who, when). */
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole("rowheader")
        .concat(within(row as HTMLElement).getAllByRole("cell"))
        .slice(0, 4)
        .map((cell) =>
          cell.children.length === 0
            ? cell.textContent
            : Array.from(cell.children, (line) => line.textContent),
        );
    const when = (file: FileTemplate) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(file.uploadedAt),
      );
    expect(cells(german)).toEqual([
      ["locales/de.json", "JSON", "German · 2 KB"],
      "German",
      ["Olga Owner", when(GERMAN)],
      "2 KB",
    ]);
    expect(
      within(german as HTMLElement)
        .getByText(when(GERMAN))
        .getAttribute("datetime"),
    ).toBe(GERMAN.uploadedAt);
    // A table of every language; no name in the profile: the e-mail.
    expect(cells(csv)).toEqual([
      ["strings.csv", "CSV", "All languages · 300 B"],
      "All languages",
      ["adam@example.com", when(TABLE)],
      "300 B",
    ]);
    // The uploader's account is gone.
    expect(cells(orphan)).toEqual([
      ["values-fr/strings.xml", "Android XML (strings.xml)", "French · 3 MB"],
      "French",
      ["—", when(ORPHAN)],
      "3 MB",
    ]);
    expect(
      within(german as HTMLElement).getByRole("button", { name: "Download locales/de.json (German)" }),
    ).toBeTruthy();
    expect(
      within(csv as HTMLElement).getByRole("button", { name: "Remove strings.csv (All languages)" }),
    ).toBeTruthy();
  });

  it("names the namespace of a file of several a language (issue 33)", async () => {
    const COMMON: FileTemplate = {
      ...GERMAN,
      id: "3b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c04",
      path: "locales/de/common.json",
      namespace: "common",
    };
    stubApi([COMMON, GERMAN]);
    setup();
    const [, common, german] = within(await fileTable()).getAllByRole("row");
    const lines = (row: HTMLElement | undefined) =>
      Array.from(within(row as HTMLElement).getByRole("rowheader").children, (line) => line.textContent);
    expect(lines(common)).toEqual(["locales/de/common.json", "JSON", "Namespace: common", "German · 2 KB"]);
    // The language's one file: no namespace line.
    expect(lines(german)).toEqual(["locales/de.json", "JSON", "German · 2 KB"]);
  });

  it("says what the section is for when no file is kept yet", async () => {
    stubApi([]);
    setup();
    expect(await screen.findByText(FILES_EMPTY)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("downloads the original bytes under the file's own name", async () => {
    const calls = stubApi([GERMAN]);
    const saved = watchDownloads();
    const { user } = setup();
    await fileTable();
    await user.click(screen.getByRole("button", { name: "Download locales/de.json (German)" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls).toContainEqual({
      procedure: "files.original",
      input: { params: { projectId: "p1", id: GERMAN.id } },
    });
    expect(saved[0]?.name).toBe("de.json");
    expect(await saved[0]?.blob.text()).toBe(BYTES);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("tells when a download fails", async () => {
    stubApi([GERMAN], { refuseDownload: true });
    const saved = watchDownloads();
    const { user } = setup();
    await fileTable();
    await user.click(screen.getByRole("button", { name: "Download locales/de.json (German)" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("File not found"));
    expect(saved).toEqual([]);
  });

  it("removes a file only after confirming, from the keyboard too", async () => {
    const calls = stubApi([GERMAN, TABLE]);
    const { user } = setup();
    await fileTable();

    // Escape closes the confirmation without removing anything.
    screen.getByRole("button", { name: "Remove locales/de.json (German)" }).focus();
    await user.keyboard("{Enter}");
    let dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("locales/de.json");
    expect(dialog.textContent).toContain("exports and pulls in JSON are written from the project's strings");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(inputsOf(calls, "files.remove")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Remove locales/de.json (German)" }));
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("locales/de.json")).toBeNull());
    expect(inputsOf(calls, "files.remove")).toEqual([{ params: { projectId: "p1", id: GERMAN.id } }]);
    expect(toast.success).toHaveBeenCalledWith("locales/de.json removed");
    expect(within(await fileTable()).getAllByRole("row")).toHaveLength(2);
  });
});
