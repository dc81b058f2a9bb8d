import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { GlossaryTerm } from "../../../shared/schemas/glossary.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { inputsOf, mockApi, refusal } from "../../test/mock-api.ts";
import { fakeResizeObserver } from "../../test/resize-observer.ts";
import { GlossaryPage } from "./glossary-page.tsx";

const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const term = (id: string, name: string, extra: Partial<GlossaryTerm> = {}): GlossaryTerm => ({
  id,
  teamId: "t1",
  term: name,
  description: "",
  partOfSpeech: null,
  caseSensitive: false,
  forbidden: false,
  doNotTranslate: false,
  translations: {},
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

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

function setup(role: Role, terms: GlossaryTerm[]) {
  fakeResizeObserver();
  const inT1 = (teamId: string) => {
    if (teamId !== "t1") throw refusal(404, "not_found", "No such API endpoint");
  };
  const calls = mockApi({
    projects: {
      list: ({ params }) => {
        inT1(params.teamId);
        return { projects: [PROJECT] };
      },
    },
    glossary: {
      list: ({ params, query }) => {
        inT1(params.teamId);
        const q = query?.q?.toLowerCase() ?? "";
        const found = terms.filter((t) => t.term.toLowerCase().includes(q));
        return { terms: found, total: found.length };
      },
      create: ({ params, body }) => {
        inT1(params.teamId);
        if (terms.some((t) => t.term.toLowerCase() === body.term.toLowerCase())) {
          throw refusal(409, "conflict", "A term with this name already exists");
        }
        return term("new", body.term);
      },
      remove: () => undefined,
    },
  });
  const selected = team(role);
  const me: Me = { user: { id: "u1", email: "olga@acme.test" }, profile: null, teams: [selected] };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WorkspaceProvider me={me} teams={[selected]}>
        <GlossaryPage />
      </WorkspaceProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GLOSSARY = [
  term("a", "Acme", { doNotTranslate: true, partOfSpeech: "proper noun" }),
  term("s", "Sign in", { description: "Opens a session", translations: { de: "Anmelden" } }),
];

describe("the Glossary tab", () => {
  it("explains what a glossary is for when it is empty", async () => {
    setup("owner", []);
    expect(await screen.findByRole("heading", { name: "No glossary terms yet" })).toBeTruthy();
    expect(screen.getByText(/approved translations/)).toBeTruthy();
  });

  it("shows the terms with flags, part of speech, a column per team language and the description", async () => {
    setup("owner", GLOSSARY);
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("columnheader", { name: "de" })).toBeTruthy();
    const signIn = within(table).getByRole("row", { name: /Sign in/ });
    expect(within(signIn).getByText("Anmelden")).toBeTruthy();
    expect(within(signIn).getByText("Opens a session")).toBeTruthy();
    const acme = within(table).getByRole("row", { name: /Acme/ });
    expect(within(acme).getByText("Do not translate")).toBeTruthy();
    expect(within(acme).getByText("proper noun")).toBeTruthy();

    const cards = screen.getByRole("list", { name: "Glossary terms" });
    const card = within(cards).getAllByRole("listitem")[1] as HTMLElement;
    expect(card.textContent).toContain("Sign in");
    expect(within(card).getByText("Anmelden")).toBeTruthy();
  });

  it("adds a term from the dialog, and shows the server's words when the name is taken", async () => {
    const user = userEvent.setup();
    const calls = setup("owner", GLOSSARY);
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Add term" }));
    const dialog = await screen.findByRole("dialog", { name: "Add term" });
    await user.click(within(dialog).getByRole("button", { name: "Add term" }));
    expect(await within(dialog).findByText("Term is required")).toBeTruthy();

    await user.type(within(dialog).getByLabelText("Term"), "sign in");
    await user.click(within(dialog).getByRole("button", { name: "Add term" }));
    expect(await within(dialog).findByText("A term with this name already exists")).toBeTruthy();

    await user.clear(within(dialog).getByLabelText("Term"));
    await user.type(within(dialog).getByLabelText("Term"), "Checkout");
    await user.type(within(dialog).getByLabelText(/German/), "Kasse");
    await user.click(within(dialog).getByRole("checkbox", { name: "Case sensitive" }));
    await user.click(within(dialog).getByRole("button", { name: "Add term" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const created = inputsOf(calls, "glossary.create").at(-1);
    expect(created?.body).toMatchObject({
      term: "Checkout",
      caseSensitive: true,
      translations: { de: "Kasse" },
      partOfSpeech: null,
    });
  });

  it("deletes a term after confirmation", async () => {
    const user = userEvent.setup();
    const calls = setup("admin", GLOSSARY);
    await screen.findByRole("table");
    // The table (from 1024 px) and the cards (below) are both in jsdom, which applies no CSS.
    const [deleteButton] = screen.getAllByRole("button", { name: "Delete Sign in" });
    await user.click(deleteButton as HTMLElement);
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(inputsOf(calls, "glossary.remove")).toContainEqual({ params: { teamId: "t1", id: "s" } }),
    );
  });

  it("searches on the server", async () => {
    const calls = setup("owner", GLOSSARY);
    await screen.findByRole("table");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search glossary" }), {
      target: { value: "sign" },
    });
    await waitFor(() => expect(screen.queryByRole("row", { name: /Acme/ })).toBeNull());
    expect(calls).toContainEqual({
      procedure: "glossary.list",
      input: { params: { teamId: "t1" }, query: { q: "sign" } },
    });
  });

  it("is read-only for reviewers: the same table, no buttons", async () => {
    setup("reviewer", GLOSSARY);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Anmelden")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add term" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Import CSV" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
  });
});
