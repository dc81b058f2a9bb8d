import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { GlossaryTerm } from "../../../shared/schemas/glossary.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
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

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const PROJECT = {
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

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function setup(role: Role, terms: GlossaryTerm[]) {
  const calls: Call[] = [];
  // Radix measures the dialog's checkboxes; jsdom has no layout.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), "http://x"), init);
      const url = new URL(request.url, "http://x");
      const text = request.method === "GET" ? "" : await request.text();
      calls.push({
        method: request.method,
        url: url.pathname + url.search,
        body: text ? JSON.parse(text) : undefined,
      });
      if (url.pathname === "/api/teams/t1/projects") {
        return json({ projects: [PROJECT] });
      }
      if (url.pathname === "/api/teams/t1/glossary" && request.method === "GET") {
        const q = url.searchParams.get("q")?.toLowerCase() ?? "";
        const found = terms.filter((t) => t.term.toLowerCase().includes(q));
        return json({ terms: found, total: found.length });
      }
      if (url.pathname === "/api/teams/t1/glossary" && request.method === "POST") {
        const body = JSON.parse(text) as { term: string };
        if (terms.some((t) => t.term.toLowerCase() === body.term.toLowerCase())) {
          return json({ error: { code: "conflict", message: "A term with this name already exists" } }, 409);
        }
        return json(term("new", body.term), 201);
      }
      if (request.method === "DELETE") return json(null, 204);
      return json({});
    }),
  );
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
    const created = calls.filter((call) => call.method === "POST").at(-1);
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
      expect(calls.some((call) => call.method === "DELETE" && call.url === "/api/teams/t1/glossary/s")).toBe(
        true,
      ),
    );
  });

  it("searches on the server", async () => {
    const calls = setup("owner", GLOSSARY);
    await screen.findByRole("table");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search glossary" }), {
      target: { value: "sign" },
    });
    await waitFor(() => expect(screen.queryByRole("row", { name: /Acme/ })).toBeNull());
    expect(calls.some((call) => call.url === "/api/teams/t1/glossary?q=sign")).toBe(true);
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
