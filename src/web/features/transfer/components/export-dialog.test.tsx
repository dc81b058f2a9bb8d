import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FileAnswer } from "../../../../shared/contract/media.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiError, failure, inputsOf, mockApi, refusal, unreachable } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { ExportDialog } from "./export-dialog.tsx";

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

const zip = () => ({
  blob: new Blob(["PK"], { type: "application/zip" }),
  fileName: "translations-p1.zip",
});

/** The export's answer (or refusal) arrives when the test says so. */
function stubExport() {
  let answer: (file: FileAnswer) => void = () => {};
  let refuse: (error: ApiError) => void = () => {};
  const calls = mockApi({
    transfer: {
      export: ({ params }) => {
        if (params.projectId !== "p1") throw failure(404);
        return new Promise<FileAnswer>((resolve, reject) => {
          answer = resolve;
          refuse = reject;
        });
      },
    },
  });
  return {
    answer: async (file: FileAnswer) => {
      await act(async () => answer(file));
    },
    refuse: async (error: ApiError) => {
      await act(async () => refuse(error));
    },
    /** The export request's body. */
    body: () => inputsOf(calls, "transfer.export")[0]?.body,
  };
}

const downloads: string[] = [];
let onOpenChange = vi.fn();

function renderDialog() {
  onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExportDialog project={PROJECT} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: "Export translations" });
  act(() => within(dialog).getByRole("button", { name: "Export" }).click());
  return dialog;
}

/** The step label and the progress bar's value. */
function progress(dialog: HTMLElement) {
  const status = within(dialog).getByRole("status").textContent;
  const bar = within(dialog).getByRole("progressbar", { name: "Export progress" });
  return `${status} ${bar.getAttribute("aria-valuenow")}%`;
}

/** Time passes in small steps, each followed by React's render (and the timers it sets). */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= Math.min(left, 100)) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(left, 100));
    });
  }
  await act(async () => {});
}

beforeEach(() => {
  vi.useFakeTimers();
  fakeResizeObserver();
  downloads.length = 0;
  for (const fn of Object.values(toast)) fn.mockReset();
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:zip", revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("Export dialog: machine text (issue 34)", () => {
  it("leaves pseudo-localized text out unless it is ticked, and takes AI output unless it is unticked", async () => {
    const server = stubExport();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ExportDialog project={PROJECT} open onOpenChange={vi.fn()} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "Export translations" });
    const pseudo = within(dialog).getByRole("checkbox", { name: /Pseudo-localized text/ });
    const ai = within(dialog).getByRole("checkbox", { name: /AI translations not reviewed yet/ });
    expect(pseudo.getAttribute("aria-checked")).toBe("false");
    expect(ai.getAttribute("aria-checked")).toBe("true");
    act(() => pseudo.click());
    act(() => ai.click());
    act(() => within(dialog).getByRole("button", { name: "Export" }).click());
    expect(server.body()).toMatchObject({ includePseudo: true, includeUnverifiedAi: false });
  });
});

describe("Export dialog progress", () => {
  it("shows each step on the spec's timings, 25 % each, when the server answers at once", async () => {
    const server = stubExport();
    const dialog = renderDialog();
    await server.answer(zip());
    expect(progress(dialog)).toBe("Gathering translations 0%");
    await advance(1999);
    expect(progress(dialog)).toBe("Gathering translations 0%");
    await advance(1);
    expect(progress(dialog)).toBe("Processing files 25%");
    await advance(2000);
    expect(progress(dialog)).toBe("Creating ZIP file 50%");
    expect(downloads).toEqual([]);
    await advance(1000);
    expect(progress(dialog)).toBe("Downloading 75%");
    expect(downloads).toEqual(["translations-p1.zip"]);
    await advance(1000);
    expect(progress(dialog)).toBe("Complete 100%");
    expect(onOpenChange).not.toHaveBeenCalled();
    await advance(1000);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(downloads).toEqual(["translations-p1.zip"]);
  });

  it("waits on 'Creating ZIP file' while the server works, then downloads when the zip arrives", async () => {
    const server = stubExport();
    const dialog = renderDialog();
    await advance(8000);
    expect(progress(dialog)).toBe("Creating ZIP file 50%");
    expect(downloads).toEqual([]);
    await server.answer(zip());
    expect(progress(dialog)).toBe("Downloading 75%");
    expect(downloads).toEqual(["translations-p1.zip"]);
    await advance(1000);
    expect(progress(dialog)).toBe("Complete 100%");
  });

  it("says 'Export failed: {status} {statusText}' when the server answers an error", async () => {
    const server = stubExport();
    const dialog = renderDialog();
    await server.refuse(
      refusal(500, "internal", "zip writer crashed", { statusText: "Internal Server Error" }),
    );
    expect(within(dialog).getByRole("alert").textContent).toBe("Export failed: 500 Internal Server Error");
    expect(toast.error).toHaveBeenCalledWith("Failed to export translations", {
      description: "Export failed: 500 Internal Server Error",
    });
    expect(within(dialog).queryByRole("status")).toBeNull();
    expect(downloads).toEqual([]);
  });

  it("says 'Not authenticated' when the session is gone", async () => {
    const server = stubExport();
    const dialog = renderDialog();
    await server.refuse(refusal(401, "unauthorized", "Sign in first", { statusText: "Unauthorized" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Not authenticated");
  });

  it("says 'Failed to export translations' when the server cannot be reached", async () => {
    mockApi({ transfer: { export: () => Promise.reject(unreachable()) } });
    const dialog = renderDialog();
    await advance(0);
    expect(toast.error).toHaveBeenCalledWith("Failed to export translations", {
      description: "Could not reach the server. Check your connection.",
    });
    expect(within(dialog).getByRole("alert").textContent).toBe("Failed to export translations");
  });
});

describe("Export's nested default (issue 34)", () => {
  const nestedBox = () => screen.getByRole("checkbox", { name: /Nested JSON/ });
  const checked = () => nestedBox().getAttribute("aria-checked") === "true";
  const show = (uploadedNested: boolean | undefined) => (
    <QueryClientProvider client={createQueryClient()}>
      <ExportDialog project={PROJECT} open onOpenChange={() => {}} uploadedNested={uploadedNested} />
    </QueryClientProvider>
  );

  it("is flat without an uploaded JSON file, and follows the upload's shape once it is known", () => {
    const { rerender } = render(show(undefined));
    expect(checked()).toBe(false);
    rerender(show(true));
    expect(checked()).toBe(true);
    expect(screen.getByText(/Your uploaded JSON is nested\./)).toBeTruthy();
  });

  it("keeps what the person chose when the upload's shape arrives later", () => {
    const { rerender } = render(show(undefined));
    act(() => nestedBox().click());
    act(() => nestedBox().click());
    expect(checked()).toBe(false);
    rerender(show(true));
    expect(checked()).toBe(false);
  });
});
