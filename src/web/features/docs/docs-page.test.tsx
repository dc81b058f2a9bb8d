import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FORMAT_IDS } from "../../../shared/formats/types.ts";
import { can, MEMBER_ROLES, PERMISSION_NAMES, PERMISSIONS } from "../../../shared/permissions.ts";
import { API_KEY_SCOPES } from "../../../shared/schemas/api-keys.ts";
import { IN_CONTEXT_TOKEN_HOURS } from "../../../shared/schemas/in-context.ts";
import {
  MANIFEST_MAX_AGE_SECONDS,
  RELEASE_FILE_CACHE_CONTROL,
  RELEASE_STRING_FILTERS,
} from "../../../shared/schemas/releases.ts";
import { DocsPage } from "../../pages/docs-page.tsx";
import { routes } from "../../router.tsx";
import { NGINX_OTA_CACHE } from "./content/release-reference.ts";
import { DOC_TOPICS, TOPIC_IDS, topicPath, WELCOME_TITLE } from "./topics.ts";

function renderDocs(path: string, withAppRoutes = false) {
  const router = createMemoryRouter(
    withAppRoutes
      ? routes
      : [
          { path: "/docs/:featureId?", element: <DocsPage /> },
          { path: "/login", element: <p>Login screen</p> },
          { path: "/signup", element: <p>Signup screen</p> },
          { path: "/", element: <p>Landing</p> },
        ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const topicsNav = () => screen.getByRole("navigation", { name: "Documentation topics" });

/** Heading levels in document order never skip one on the way down (h1 → h3 is a skip). */
function headingLevels(): number[] {
  return [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName.slice(1)));
}

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal("scrollTo", scrollTo);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/docs", () => {
  it("shows the introduction without an id, highlighted in the sidebar", async () => {
    renderDocs("/docs");
    expect(await screen.findByRole("heading", { level: 1, name: "Introduction" })).toBeTruthy();
    const current = within(topicsNav()).getByRole("link", { current: "page" });
    expect(current.textContent).toBe("Introduction");
    await waitFor(() => expect(document.title).toBe("Introduction · Sprog docs"));
  });

  it("lists the nine topics in the sidebar, with only the active one marked current", () => {
    renderDocs("/docs/reviews");
    const links = within(topicsNav()).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(TOPIC_IDS.map(topicPath));
    expect(
      links.filter((link) => link.getAttribute("aria-current") === "page").map((l) => l.textContent),
    ).toEqual(["Reviews"]);
  });

  it.each(TOPIC_IDS)("renders %s as a page with one h1 and headings in order", (id) => {
    renderDocs(`/docs/${id}`);
    const topic = DOC_TOPICS.find((t) => t.id === id);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([topic?.title]);
    const levels = headingLevels();
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 2).length).toBeGreaterThan(1);
    for (let i = 1; i < levels.length; i++)
      expect(levels[i] ?? 0).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
    for (const table of screen.queryAllByRole("table")) {
      const columns = within(table).getAllByRole("columnheader").length;
      expect(columns).toBeGreaterThan(0);
      for (const row of within(table).getAllByRole("row")) {
        expect(
          row.querySelectorAll("th, td").length,
          `a row of "${table.querySelector("caption")?.textContent}"`,
        ).toBe(columns);
      }
      expect(table.querySelector("caption")?.textContent?.trim()).not.toBe("");
    }
  });

  it("shows a generic welcome text for an unknown id, with no topic marked current", () => {
    renderDocs("/docs/no-such-topic");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(WELCOME_TITLE);
    expect(within(topicsNav()).queryByRole("link", { current: "page" })).toBeNull();
    const main = screen.getByRole("main");
    for (const topic of DOC_TOPICS)
      expect(within(main).getByRole("link", { name: new RegExp(topic.title) })).toBeTruthy();
  });

  it("has Log In and Get Started in the header", () => {
    renderDocs("/docs/api");
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/login");
    expect(within(account).getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/signup");
  });

  it("moves to another topic from the sidebar and starts at the top", async () => {
    const router = renderDocs("/docs/introduction");
    scrollTo.mockClear();
    fireEvent.click(within(topicsNav()).getByRole("link", { name: "Placeholders and quality checks" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Placeholders and quality checks" }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/docs/placeholders");
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(within(topicsNav()).getByRole("link", { current: "page" }).textContent).toBe(
      "Placeholders and quality checks",
    );
  });

  it("shows the roles table exactly as PERMISSIONS says", () => {
    renderDocs("/docs/collaboration");
    const table = screen.getByRole("table", { name: "Roles and permissions" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(PERMISSION_NAMES.length);
    rows.forEach((row, index) => {
      const permission = PERMISSION_NAMES[index] ?? "team.view";
      expect(row.querySelector("[data-permission]")?.getAttribute("data-permission")).toBe(permission);
      const cells = within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent?.replace(/[✓–]/g, "").trim());
      expect(cells).toEqual(
        MEMBER_ROLES.map((role) =>
          (PERMISSIONS[permission] as readonly string[]).includes(role) ? "Yes" : "No",
        ),
      );
    });
  });

  it.each(["import", "export"])("lists every registry format on the %s page", (id) => {
    renderDocs(`/docs/${id}`);
    const list = screen.getByRole("list", { name: "File formats" });
    const ids = [...list.querySelectorAll("[data-format]")].map((item) => item.getAttribute("data-format"));
    expect(ids).toEqual([...FORMAT_IDS]);
  });

  it("tells how to use Sprog from coding agents, with this Sprog's /mcp address", () => {
    renderDocs("/docs/api");
    const heading = screen.getByRole("heading", { level: 2, name: "Use Sprog from coding agents" });
    expect(heading.id).toBe("coding-agents");
    const byScope = screen.getByRole("table", { name: "Tools by scope" });
    const rows = within(byScope).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Any scope",
      ...API_KEY_SCOPES,
    ]);
    const toolsOf = (scope: string) =>
      rows.find((row) => row.querySelector("th")?.textContent === scope)?.querySelectorAll("td")[0]
        ?.textContent;
    expect(toolsOf("Any scope")).toContain("get_glossary");
    expect(toolsOf("translate")).toContain("set_translations");
    expect(toolsOf("translate")).not.toContain("set_review_verdict");
    expect(toolsOf("review")).toContain("set_review_verdict");
    expect(toolsOf("pull")).not.toContain("create_keys");
    const snippets = screen.getAllByRole("figure").map((figure) => figure.textContent ?? "");
    const origin = window.location.origin;
    for (const client of ["Claude Code", "Cursor", "VS Code", "Codex"]) {
      const snippet = snippets.find((text) => text.startsWith(client));
      expect(snippet, client).toContain(`${origin}/mcp`);
      // The key comes from the environment or the client's secret storage: never written in.
      expect(snippet, client).not.toMatch(/sprog_[0-9a-f]/);
    }
    expect(document.body.textContent).toContain("Never commit the key.");
  });

  it("documents releases and in-context editing where the Releases tab links, with the server's values", () => {
    renderDocs("/docs/api");
    const heading = screen.getByRole("heading", { level: 2, name: "Releases and in-context editing" });
    expect(heading.id).toBe("releases");
    const section = heading.closest("section") as HTMLElement;
    const text = section.textContent ?? "";
    expect(text).toContain(`Cache-Control: ${RELEASE_FILE_CACHE_CONTROL}`);
    expect(text).toContain(`Cache-Control: public, max-age=${MANIFEST_MAX_AGE_SECONDS}`);
    expect(text).toContain(`for ${IN_CONTEXT_TOKEN_HOURS} hours`);
    expect(text).toContain("Publish release");
    expect(text).toContain("sprogInContext");

    const only = within(section).getByRole("table", { name: "Which strings a release carries" });
    expect(
      within(only)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual([...RELEASE_STRING_FILTERS]);
    const rights = within(section).getByRole("table", { name: "Who may do what" });
    const saveRow = within(rights)
      .getAllByRole("row")
      .find((row) => row.textContent?.startsWith("In the app: save a text"));
    expect(
      within(saveRow as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(MEMBER_ROLES.map((role) => (can(role, "strings.edit") ? "✓Yes" : "–No")));

    const figures = within(section)
      .getAllByRole("figure")
      .map((figure) => figure.textContent ?? "");
    const setup = figures.find((figure) => figure.startsWith("i18n.ts")) ?? "";
    // This Sprog's own address, for releases and for editing.
    expect(setup.match(new RegExp(`url: "${window.location.origin}"`, "g"))).toHaveLength(2);
    expect(figures.some((figure) => figure.includes(NGINX_OTA_CACHE))).toBe(true);

    // The release scope: in the scope table, with its tool, and its command in the CLI section.
    const byScope = screen.getByRole("table", { name: "Tools by scope" });
    const releaseRow = within(byScope)
      .getAllByRole("row")
      .find((row) => row.querySelector("th")?.textContent === "release");
    expect(releaseRow?.textContent).toContain("publish_release");
    expect(document.querySelector('dl[aria-label="sprog commands"]')?.textContent).toContain("sprog release");
  });

  it("is a route of the app, loaded on demand", async () => {
    renderDocs("/docs/api", true);
    expect(await screen.findByRole("heading", { level: 1, name: "API, CLI and webhooks" })).toBeTruthy();
  });
});
