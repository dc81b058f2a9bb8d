import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Project } from "../../../../shared/schemas/projects.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { ProjectGate } from "./project-gate.tsx";

const TEAM: TeamSummary = { id: "t1", name: "Acme", role: "owner", createdAt: "2026-01-01T00:00:00.000Z" };

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

/** Team t1's projects, as `answer` says (another team is not found). */
function stubProjects(answer: () => { projects: Project[] }) {
  return mockApi({
    projects: {
      list: ({ params }) => {
        if (params.teamId !== "t1") throw refusal(404, "not_found", "Not found");
        return answer();
      },
    },
  });
}

function renderGate(
  props: {
    team?: TeamSummary | null;
    projectId?: string | null;
    onSelectProject?: (id: string) => void;
    onCreateProject?: () => void;
  },
  client = createQueryClient(),
) {
  const gate = (
    <ProjectGate
      team={props.team === undefined ? TEAM : props.team}
      projectId={props.projectId ?? null}
      onSelectProject={props.onSelectProject ?? (() => {})}
      purpose="its reviews"
      onCreateProject={props.onCreateProject}
    >
      {(chosen) => <p>Showing {chosen.name}</p>}
    </ProjectGate>
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/app/overview"]}>
        <Routes>
          <Route path="/app/overview" element={gate} />
          <Route path="/create-team" element={<p>Create your team</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

describe("ProjectGate", () => {
  it("asks for a team when none is selected, without asking the server", () => {
    const calls = stubProjects(() => ({ projects: [] }));
    renderGate({ team: null });
    expect(screen.getByText("No team selected")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("offers 'Create Team' when no team is selected, which opens team creation (issue 19)", async () => {
    stubProjects(() => ({ projects: [] }));
    renderGate({ team: null });
    await userEvent.click(screen.getByRole("button", { name: "Create Team" }));
    expect(await screen.findByText("Create your team")).toBeTruthy();
  });

  it("offers Create Project in an empty team only where the tab may create one", async () => {
    stubProjects(() => ({ projects: [] }));
    const onCreateProject = vi.fn();
    renderGate({ onCreateProject });
    expect(await screen.findByText("No projects in the team")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Create Project" }));
    expect(onCreateProject).toHaveBeenCalledOnce();

    cleanup();
    renderGate({});
    expect(await screen.findByText("No projects in the team")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create Project" })).toBeNull();
  });

  it("lists the projects by name when none is selected, and picks the one clicked", async () => {
    stubProjects(() => ({ projects: [project("p2", "Web"), project("p1", "Android")] }));
    const onSelectProject = vi.fn();
    renderGate({ projectId: "gone", onSelectProject });
    expect(await screen.findByText("No project selected")).toBeTruthy();
    expect(screen.getByText("Choose a project to see its reviews.")).toBeTruthy();
    const buttons = screen.getAllByRole("button").map((button) => button.textContent);
    expect(buttons).toEqual(["Android", "Web"]);
    await userEvent.click(screen.getByRole("button", { name: "Web" }));
    expect(onSelectProject).toHaveBeenCalledWith("p2");
  });

  it("renders the tab's content for the selected project", async () => {
    stubProjects(() => ({ projects: [project("p1", "Android")] }));
    renderGate({ projectId: "p1" });
    expect(await screen.findByText("Showing Android")).toBeTruthy();
  });

  it("keeps the tab's content when a later reload of the projects fails (a server restart)", async () => {
    let fail = false;
    stubProjects(() => {
      if (fail) throw refusal(503, "unavailable", "The database is not reachable");
      return { projects: [project("p1", "Android")] };
    });
    const client = createQueryClient();
    renderGate({ projectId: "p1" }, client);
    expect(await screen.findByText("Showing Android")).toBeTruthy();
    fail = true;
    await client.refetchQueries();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText("Failed to load projects")).toBeNull();
    expect(screen.getByText("Showing Android")).toBeTruthy();
  });

  it("says the projects failed to load, and Retry asks again", async () => {
    let fail = true;
    const calls = stubProjects(() => {
      if (fail) throw refusal(403, "forbidden", "You do not have access to this team");
      return { projects: [project("p1", "Android")] };
    });
    renderGate({ projectId: "p1" });
    expect(await screen.findByText("Failed to load projects")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Showing Android")).toBeTruthy();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });
});
