import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/mock-api.ts";
import { api } from "./api.ts";
import { type BranchRef, BranchScope } from "./branch-context.tsx";
import { setActiveBranch } from "./branch-scope.ts";
import { createQueryClient } from "./query-client.ts";

/** An Overview read (completion) and a call that is main's on every screen (the projects). */
function Reads() {
  const completion = useQuery({
    queryKey: ["projects", "p1", "completion"],
    queryFn: () => api.projects.completion({ params: { projectId: "p1" } }),
  });
  const projects = useQuery({
    queryKey: ["teams", "t1", "projects"],
    queryFn: () => api.projects.list({ params: { teamId: "t1" } }),
  });
  return (
    <p>
      {completion.data ? `${completion.data.languages.length} languages` : "loading"}
      {projects.data ? ` in ${projects.data.projects.length} projects` : ""}
    </p>
  );
}

function renderOn(branch: BranchRef | null) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BranchScope branch={branch}>
        <Reads />
      </BranchScope>
    </QueryClientProvider>,
  );
}

const handlers = {
  projects: {
    completion: () => ({ languages: [] }),
    list: () => ({ projects: [] }),
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setActiveBranch(null);
});

describe("calls on a branch", () => {
  it("carry the branch on a branch, for the Overview's procedures only", async () => {
    const calls = mockApi(handlers);
    renderOn({ id: "b1", name: "feature/x" });
    await screen.findByText("0 languages in 0 projects");
    expect(calls).toContainEqual({
      procedure: "projects.completion",
      input: { params: { projectId: "p1" } },
      branch: "b1",
    });
    const projectsCall = calls.find((call) => call.procedure === "projects.list");
    expect(projectsCall && "branch" in projectsCall).toBe(false);
  });

  it("carry none on main", async () => {
    const calls = mockApi(handlers);
    renderOn(null);
    await screen.findByText("0 languages in 0 projects");
    expect(calls.some((call) => "branch" in call)).toBe(false);
  });

  it("put the branch in the x-sprog-branch header, and no header on main", async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ languages: [] }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    setActiveBranch("b1");
    await api.projects.completion({ params: { projectId: "p1" } });
    setActiveBranch(null);
    await api.projects.completion({ params: { projectId: "p1" } });
    const headers = fetchMock.mock.calls.map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
    expect(headers[0]?.["x-sprog-branch"]).toBe("b1");
    expect(headers[1]?.["x-sprog-branch"]).toBeUndefined();
  });
});
