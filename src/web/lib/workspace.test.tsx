import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Me } from "../../shared/schemas/auth.ts";
import type { Project } from "../../shared/schemas/projects.ts";
import type { TeamSummary } from "../../shared/schemas/teams.ts";
import { createQueryClient } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage-keys.ts";
import { useWorkspace, WorkspaceProvider } from "./workspace.tsx";

const USER = "u1";
const team = (id: string, name: string): TeamSummary => ({
  id,
  name,
  role: "owner",
  createdAt: "2026-01-01T00:00:00.000Z",
});
const project = (id: string, teamId: string, name: string): Project => ({
  id,
  teamId,
  name,
  kind: "web",
  sourceLanguage: "en",
  languages: ["en"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const ALPHA = team("t1", "Alpha");
const BETA = team("t2", "Beta");
const me = (teams: TeamSummary[]): Me => ({
  user: { id: USER, email: "u1@example.test" },
  profile: null,
  teams,
});

function Shows() {
  const { selectedTeam, selectedProjectId, selectTeam } = useWorkspace();
  return (
    <>
      <p>team: {selectedTeam?.id ?? "none"}</p>
      <p>project: {selectedProjectId ?? "none"}</p>
      <button type="button" onClick={() => selectTeam("t2")}>
        pick Beta
      </button>
    </>
  );
}

let queryClient: QueryClient;
function renderWorkspace(teams: TeamSummary[]) {
  const ui = (list: TeamSummary[]) => (
    <QueryClientProvider client={queryClient}>
      <WorkspaceProvider me={me(list)} teams={list}>
        <Shows />
      </WorkspaceProvider>
    </QueryClientProvider>
  );
  const view = render(ui(teams));
  return { rerender: (list: TeamSummary[]) => view.rerender(ui(list)) };
}
/** A team's projects as the picker loaded them: sorted by name (the one list every screen reads). */
const loaded = (teamId: string, projects: Project[]) =>
  act(() => {
    queryClient.setQueryData(queryKeys.teamProjects(teamId), projects);
  });
const text = (label: string) => screen.getByText(new RegExp(`^${label}: `)).textContent;

beforeEach(() => {
  localStorage.clear();
  queryClient = createQueryClient();
});
afterEach(cleanup);

describe("the workspace selects the first project whenever the team changes (issue 19)", () => {
  it("on first sign-in: the first team's first project, once its projects are known, and remembers it", async () => {
    renderWorkspace([ALPHA, BETA]);
    expect(text("project")).toBe("project: none");
    loaded("t1", [project("p-a1", "t1", "Android"), project("p-a2", "t1", "Web")]);
    expect(await screen.findByText("project: p-a1")).toBeTruthy();
    expect(text("team")).toBe("team: t1");
    expect(readStorage(STORAGE_KEYS.selectedProject(USER))).toBe("p-a1");
    expect(readStorage(STORAGE_KEYS.selectedTeam(USER))).toBe("t1");
  });

  it("keeps a remembered project of the team", () => {
    writeStorage(STORAGE_KEYS.selectedTeam(USER), "t1");
    writeStorage(STORAGE_KEYS.selectedProject(USER), "p-a2");
    loaded("t1", [project("p-a1", "t1", "Android"), project("p-a2", "t1", "Web")]);
    renderWorkspace([ALPHA, BETA]);
    expect(text("project")).toBe("project: p-a2");
  });

  it("replaces a remembered project that is no longer in the team by the team's first", () => {
    writeStorage(STORAGE_KEYS.selectedTeam(USER), "t1");
    writeStorage(STORAGE_KEYS.selectedProject(USER), "p-gone");
    loaded("t1", [project("p-a1", "t1", "Android")]);
    renderWorkspace([ALPHA, BETA]);
    expect(text("project")).toBe("project: p-a1");
  });

  it("after the selected team is deleted: the first remaining team and its first project", () => {
    writeStorage(STORAGE_KEYS.selectedTeam(USER), "t1");
    writeStorage(STORAGE_KEYS.selectedProject(USER), "p-a1");
    loaded("t1", [project("p-a1", "t1", "Android")]);
    loaded("t2", [project("p-b1", "t2", "Apollo"), project("p-b2", "t2", "Zeppelin")]);
    const view = renderWorkspace([ALPHA, BETA]);
    expect(text("project")).toBe("project: p-a1");
    view.rerender([BETA]);
    expect(text("team")).toBe("team: t2");
    expect(text("project")).toBe("project: p-b1");
    expect(readStorage(STORAGE_KEYS.selectedTeam(USER))).toBe("t2");
    expect(readStorage(STORAGE_KEYS.selectedProject(USER))).toBe("p-b1");
  });

  it("picking another team selects its first project", () => {
    loaded("t1", [project("p-a1", "t1", "Android"), project("p-a2", "t1", "Web")]);
    loaded("t2", [project("p-b1", "t2", "Apollo")]);
    renderWorkspace([ALPHA, BETA]);
    act(() => screen.getByRole("button", { name: "pick Beta" }).click());
    expect(text("team")).toBe("team: t2");
    expect(text("project")).toBe("project: p-b1");
  });

  it("selects nothing in a team without projects", () => {
    loaded("t1", []);
    renderWorkspace([ALPHA]);
    expect(text("team")).toBe("team: t1");
    expect(text("project")).toBe("project: none");
  });
});
