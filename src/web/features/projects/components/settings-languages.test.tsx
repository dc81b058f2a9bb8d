import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { permissionFlags } from "../../../../shared/permissions.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal, unreachable } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { SettingsLanguages } from "./settings-languages.tsx";

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

type Answer<T> = () => T | Promise<T>;

function setup(answers: { list?: Answer<{ projects: Project[] }>; clear?: Answer<{ deleted: number }> }) {
  const clear = answers.clear;
  const calls = mockApi({
    projects: {
      list: ({ params }) => {
        if (params.teamId !== "t1") throw refusal(404, "not_found", "not in this test");
        return answers.list ? answers.list() : { projects: [PROJECT] };
      },
    },
    ...(clear && {
      strings: {
        clearLanguage: ({ params }) => {
          if (params.projectId !== "p1" || params.lang !== "de")
            throw refusal(404, "not_found", "not in this test");
          return clear();
        },
      },
    }),
  });
  const client = createQueryClient();
  // The failure under test, not react-query's retries of it.
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <SettingsLanguages project={PROJECT} flags={permissionFlags("owner")} />
    </QueryClientProvider>,
  );
  return calls;
}

async function clearGerman() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Delete all German translations" }));
  const confirm = await screen.findByRole("alertdialog");
  await user.click(within(confirm).getByRole("button", { name: "Delete" }));
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
});
afterEach(() => {
  cleanup();
});

describe("Project Settings → Languages", () => {
  it("says 'Failed to load languages' when the project's languages cannot be loaded", async () => {
    setup({ list: () => Promise.reject(refusal(500, "internal", "database unavailable")) });
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load languages");
  });

  it("shows no load error when the languages load", async () => {
    const calls = setup({});
    await waitFor(() =>
      expect(calls).toContainEqual({ procedure: "projects.list", input: { params: { teamId: "t1" } } }),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(
      within(screen.getByRole("list", { name: "Project languages" })).getAllByRole("listitem"),
    ).toHaveLength(2);
  });

  it("says 'No translations found for German' when there was nothing to delete", async () => {
    setup({ clear: () => ({ deleted: 0 }) });
    await clearGerman();
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith("No translations found for German"));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says 'All translations deleted successfully' when it deleted some", async () => {
    setup({ clear: () => ({ deleted: 3 }) });
    await clearGerman();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("All translations deleted successfully"));
  });

  it("says 'Failed to delete German translations' when the server fails the delete", async () => {
    setup({ clear: () => Promise.reject(refusal(500, "internal", "database unavailable")) });
    await clearGerman();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to delete German translations"));
  });

  it("says 'Failed to delete all translations' when the delete never reached the server", async () => {
    setup({ clear: () => Promise.reject(unreachable()) });
    await clearGerman();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to delete all translations"));
  });
});
