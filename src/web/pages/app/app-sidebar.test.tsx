import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { STORAGE_KEYS } from "../../lib/storage-keys.ts";
import { useWorkspace, WorkspaceProvider } from "../../lib/workspace.tsx";
import { failure, mockApi } from "../../test/mock-api.ts";
import { AppSidebar, SidebarDrawer } from "./app-sidebar.tsx";

const TEAM: TeamSummary = { id: "t1", name: "Acme", role: "owner", createdAt: "2026-01-01T00:00:00.000Z" };
const ME: Me = { user: { id: "u1", email: "olga@acme.test" }, profile: null, teams: [TEAM] };
const project = (id: string, name: string): Project => ({
  id,
  teamId: "t1",
  name,
  kind: "web",
  sourceLanguage: "en",
  languages: ["en"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

/** Where the app is and what it has selected, to see what choosing in the sidebar did. */
function Where() {
  const location = useLocation();
  const { selectedProjectId } = useWorkspace();
  return <output aria-label="where">{`${location.pathname} ${selectedProjectId ?? "none"}`}</output>;
}

function setup({ team = TEAM, at = "/app/team" }: { team?: TeamSummary; at?: string } = {}) {
  mockApi({
    projects: {
      list: ({ params }) => {
        if (params.teamId !== "t1") throw failure(404);
        return { projects: [project("p2", "Web"), project("p1", "App")] };
      },
    },
  });
  const onNewProject = vi.fn();
  const client = createQueryClient();
  const view = () => (
    <QueryClientProvider client={client}>
      <WorkspaceProvider me={{ ...ME, teams: [team] }} teams={[team]}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <AppSidebar onNewProject={onNewProject} />
                  <SidebarDrawer onNewProject={onNewProject} />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </WorkspaceProvider>
    </QueryClientProvider>
  );
  const rendered = render(view());
  // Unmounting and mounting again, as a reload would: the collapsed state comes from localStorage.
  const remount = () => {
    rendered.rerender(<div />);
    rendered.rerender(view());
  };
  return { onNewProject, remount };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
});

describe("AppSidebar", () => {
  it("lists the team's projects by name and the tabs, the current tab and project marked", async () => {
    setup();
    const nav = screen.getByRole("navigation", { name: "Sidebar" });
    const projects = within(nav).getByRole("list", { name: "Projects in Acme" });
    await within(projects).findByRole("button", { name: "App" });
    expect(
      within(projects)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["App", "Web"]);
    // The workspace falls to the first project by name.
    expect(within(projects).getByRole("button", { name: "App" }).getAttribute("aria-current")).toBe("true");
    expect(within(projects).getByRole("button", { name: "Web" }).getAttribute("aria-current")).toBeNull();
    const tabs = within(nav).getByRole("list", { name: "Views" });
    expect(within(tabs).getByRole("link", { name: "Team" }).getAttribute("aria-current")).toBe("page");
    expect(within(tabs).getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBeNull();
    expect(within(tabs).getByRole("link", { name: "Releases" }).getAttribute("href")).toBe("/app/releases");
  });

  it("selecting a project selects it and goes to the Overview", async () => {
    setup();
    await userEvent.click(await screen.findByRole("button", { name: "Web" }));
    expect(screen.getByRole("status", { name: "where" }).textContent).toBe("/app/overview p2");
    expect(screen.getByRole("button", { name: "Web" }).getAttribute("aria-current")).toBe("true");
    expect(localStorage.getItem(STORAGE_KEYS.selectedProject("u1"))).toBe("p2");
  });

  it("collapses to the tabs' icons and remembers it in localStorage", async () => {
    const { remount } = setup();
    await screen.findByRole("button", { name: "App" });
    const collapse = screen.getByRole("button", { name: "Collapse sidebar" });
    expect(collapse.getAttribute("aria-expanded")).toBe("true");
    await userEvent.click(collapse);
    expect(screen.queryByRole("button", { name: "App" })).toBeNull();
    expect(screen.getByRole("link", { name: "Reviews" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Expand sidebar" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed("u1"))).toBe("true");

    remount();
    expect(screen.getByRole("button", { name: "Expand sidebar" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Expand sidebar" }));
    expect(await screen.findByRole("button", { name: "App" })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed("u1"))).toBeNull();
  });

  it("offers 'New project' only to those who may create projects", async () => {
    const { onNewProject } = setup();
    await userEvent.click(screen.getByRole("button", { name: "New project" }));
    expect(onNewProject).toHaveBeenCalledOnce();
    cleanup();
    setup({ team: { ...TEAM, role: "reviewer" } });
    await screen.findByRole("button", { name: "App" });
    expect(screen.queryByRole("button", { name: "New project" })).toBeNull();
  });

  it("the drawer (phones): the menu button opens it; a project closes it; Escape closes it, focus back on the button", async () => {
    setup();
    const user = userEvent.setup();
    const menu = screen.getByRole("button", { name: "Open menu" });
    await user.click(menu);
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    await user.click(await within(drawer).findByRole("button", { name: "Web" }));
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(screen.getByRole("status", { name: "where" }).textContent).toBe("/app/overview p2");

    await user.click(menu);
    await screen.findByRole("dialog", { name: "Menu" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(document.activeElement).toBe(menu);
  });
});
