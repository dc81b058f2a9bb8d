import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../shared/schemas/auth.ts";
import { IN_CONTEXT_MESSAGE_TYPE, type InContextToken } from "../../shared/schemas/in-context.ts";
import type { Project } from "../../shared/schemas/projects.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { STORAGE_KEYS } from "../lib/storage-keys.ts";
import { routes } from "../router.tsx";
import { type ApiCall, inputsOf, mockApi, refusal } from "../test/mock-api.ts";

const PROJECT_ID = "7d4c1f0e-2b7a-4c5e-9f3d-1a2b3c4d5e6f";
const APP_ORIGIN = "http://localhost:5173";
const connectPath = (project: string, origin: string) =>
  `/in-context/connect?project=${encodeURIComponent(project)}&origin=${encodeURIComponent(origin)}`;

const ME: Me = {
  user: { id: "u1", email: "rita@acme.test" },
  profile: {
    id: "pr1",
    userId: "u1",
    email: "rita@acme.test",
    firstName: "Rita",
    lastName: "Reviewer",
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  teams: [{ id: "t1", name: "Acme", role: "reviewer", createdAt: "2026-01-01T00:00:00.000Z" }],
};

const PROJECT: Project = {
  id: PROJECT_ID,
  teamId: "t1",
  name: "Shop",
  kind: "web",
  sourceLanguage: "en",
  languages: ["en", "de"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const TOKEN: InContextToken = {
  token: "sprogctx_abc",
  expiresAt: "2026-01-01T08:00:00.000Z",
  projectId: PROJECT_ID,
  origin: APP_ORIGIN,
  userName: "Rita Reviewer",
  role: "reviewer",
};

/** The app's window that opened the popup. */
function stubOpener(
  opener: { postMessage: (message: unknown, origin: string) => void; closed: boolean } | null,
) {
  vi.stubGlobal("opener", opener);
}

function serve(me: Me | null, createToken?: () => InContextToken): ApiCall[] {
  return mockApi({
    auth: { session: () => ({ me }) },
    projects: { list: ({ params }) => ({ projects: params.teamId === PROJECT.teamId ? [PROJECT] : [] }) },
    inContext: createToken ? { createToken: () => createToken() } : {},
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const LAZY_PAGE = { timeout: 5_000 };

beforeAll(async () => {
  await import("./in-context-connect-page.tsx");
});
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, "close").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/in-context/connect", () => {
  it("asks, then posts the token to the opening window addressed to the app's origin only, and closes", async () => {
    const postMessage = vi.fn();
    stubOpener({ postMessage, closed: false });
    const calls = serve(ME, () => TOKEN);
    const { user } = renderAt(connectPath(PROJECT_ID, APP_ORIGIN));

    const ask = await screen.findByText(/wants to let you edit the texts of/, {}, LAZY_PAGE);
    expect(ask.textContent).toBe(
      `${APP_ORIGIN} wants to let you edit the texts of Shop in its pages, as Rita Reviewer (Reviewer).`,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Edit your app's texts" })).toBeTruthy();
    expect(screen.getByText(/It works for 8 hours, from/).textContent).toContain(`${APP_ORIGIN} only`);
    expect(postMessage).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Allow" }));
    expect(
      (await screen.findByText("Done — you can close this window and go back to the app.")).closest(
        "[role=status]",
      ),
    ).toBeTruthy();
    expect(inputsOf(calls, "inContext.createToken")).toEqual([
      { params: { projectId: PROJECT_ID }, body: { origin: APP_ORIGIN } },
    ]);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: IN_CONTEXT_MESSAGE_TYPE, ...TOKEN },
      APP_ORIGIN,
    );
    expect(window.close).toHaveBeenCalled();
  });

  it.each([
    [connectPath(PROJECT_ID, "http://localhost:5173/editor"), /origin must be an address's origin only/],
    [connectPath(PROJECT_ID, "*"), /origin must be an address's origin only/],
    [`/in-context/connect?project=${PROJECT_ID}`, /origin is required/],
    [connectPath("nope", APP_ORIGIN), /“nope” is not a project id/],
  ])("refuses %s as not valid, asking nothing of the server", async (path, reason) => {
    const postMessage = vi.fn();
    stubOpener({ postMessage, closed: false });
    const calls = serve(ME);
    renderAt(path);
    const alert = await screen.findByText(/This link is not valid:/, {}, LAZY_PAGE);
    expect(alert.textContent).toMatch(reason);
    expect(screen.queryByRole("button", { name: "Allow" })).toBeNull();
    expect(calls).toEqual([]);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it("says to open it from the app when no window opened it, and makes no token", async () => {
    stubOpener(null);
    const calls = serve(ME);
    renderAt(connectPath(PROJECT_ID, APP_ORIGIN));
    expect(await screen.findByText(/Open this page from your app/, {}, LAZY_PAGE)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Allow" }) as HTMLButtonElement).disabled).toBe(true);
    expect(inputsOf(calls, "inContext.createToken")).toEqual([]);
  });

  it("shows the server's refusal and sends nothing; Cancel closes the window", async () => {
    const postMessage = vi.fn();
    stubOpener({ postMessage, closed: false });
    serve(ME, () => {
      throw refusal(403, "forbidden", "You may not edit this project's texts");
    });
    const { user } = renderAt(connectPath(PROJECT_ID, APP_ORIGIN));
    await user.click(await screen.findByRole("button", { name: "Allow" }, LAZY_PAGE));
    expect((await screen.findByRole("alert")).textContent).toBe("You may not edit this project's texts");
    expect(postMessage).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(window.close).toHaveBeenCalled();
    expect(screen.getByText(/Cancelled: http:\/\/localhost:5173 cannot edit anything/)).toBeTruthy();
  });

  it("says so when the project is in none of the person's teams", async () => {
    stubOpener({ postMessage: vi.fn(), closed: false });
    serve({
      ...ME,
      teams: [{ id: "t2", name: "Other", role: "owner", createdAt: "2026-01-01T00:00:00.000Z" }],
    });
    renderAt(connectPath(PROJECT_ID, APP_ORIGIN));
    expect(await screen.findByText(/not a member of this project's team/, {}, LAZY_PAGE)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Allow" })).toBeNull();
  });

  it("sends a signed-out visitor to sign in, remembering this exact address to come back to", async () => {
    stubOpener({ postMessage: vi.fn(), closed: false });
    serve(null);
    const path = connectPath(PROJECT_ID, APP_ORIGIN);
    const { router } = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), LAZY_PAGE);
    expect(localStorage.getItem(STORAGE_KEYS.returnTo)).toBe(path);
  });
});
