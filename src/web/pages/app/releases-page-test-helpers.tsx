import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { Role } from "../../../shared/permissions.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { Branch } from "../../../shared/schemas/branches.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import type { Release, ReleaseList } from "../../../shared/schemas/releases.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { type ApiHandlers, mockApi, refusal } from "../../test/mock-api.ts";
import { ReleasesPage } from "./releases-page.tsx";

export { resetBetweenTests } from "../../test/between-tests.ts";

/** The Releases tab's tests (releases-page*.test.tsx): project p1's releases, and the page opened as a role. */

export const DISTRIBUTION = "0123456789abcdef0123456789abcdef";
const TODAY = new Date().toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const HOURS_AGO = new Date(Date.now() - 3 * 3_600_000).toISOString();

const PROJECT: Project = {
  id: "p1",
  teamId: "t1",
  name: "Shop",
  kind: "web",
  sourceLanguage: "en",
  languages: ["de", "en"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

export const release = (number: number, extra: Partial<Release> = {}): Release => ({
  id: `r${number}`,
  number,
  environment: "production",
  branch: "main",
  createdAt: HOURS_AGO,
  trigger: "person",
  createdBy: "Olga Owner",
  languages: ["en", "de"],
  only: "all",
  placeholderFormat: "web",
  keyCount: 120,
  keysChanged: number,
  files: [],
  downloads: [],
  liveIn: [],
  ...extra,
});

export const manifest = (environment: string) => `/ota/${DISTRIBUTION}/${environment}/manifest.json`;

/** Release 4 on staging by CI, release 3 live in production, release 2 from a review. */
export const LIST: ReleaseList = {
  distributionId: DISTRIBUTION,
  environments: [
    { name: "production", releaseNumber: 3, updatedAt: HOURS_AGO, manifestPath: manifest("production") },
    { name: "staging", releaseNumber: 4, updatedAt: HOURS_AGO, manifestPath: manifest("staging") },
  ],
  releases: [
    release(4, {
      environment: "staging",
      trigger: "api",
      createdBy: 'API key "CI"',
      liveIn: ["staging"],
      downloads: [{ day: TODAY, count: 5 }],
    }),
    release(3, {
      liveIn: ["production"],
      downloads: [
        { day: YESTERDAY, count: 9 },
        { day: TODAY, count: 3 },
      ],
    }),
    release(2, { trigger: "review", createdBy: null, only: "approved" }),
  ],
  releaseOnReview: null,
};

export const BRANCH: Branch = {
  id: "b1",
  name: "copy/winter",
  baseId: null,
  baseName: "main",
  protected: false,
  createdAt: HOURS_AGO,
  createdBy: "Olga Owner",
  mergedAt: null,
  merges: 0,
  archivedAt: null,
  changes: { keysAdded: 0, keysChanged: 1, keysDeleted: 0, strings: 1 },
};

/** `address`: where the page opens (`?branch=copy/winter` puts its picker on that branch). */
export function setup(
  role: Role,
  list: ReleaseList = LIST,
  handlers: ApiHandlers["releases"] = {},
  address = "/app/releases",
) {
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "not in this test");
  };
  const calls = mockApi({
    projects: { list: () => ({ projects: [PROJECT] }) },
    branches: {
      list: () => ({ mainProtected: false, mergeRequiresReview: false, branches: [BRANCH], archived: [] }),
    },
    releases: {
      list: ({ params }) => {
        inP1(params.projectId);
        return list;
      },
      ...handlers,
    },
  });
  const team: TeamSummary = { id: "t1", name: "Acme", role, createdAt: "2026-01-01T00:00:00.000Z" };
  const me: Me = { user: { id: "u1", email: "olga@acme.test" }, profile: null, teams: [team] };
  render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={createQueryClient()}>
        <WorkspaceProvider me={me} teams={[team]}>
          <ReleasesPage />
        </WorkspaceProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { calls, user: userEvent.setup() };
}

export const row = (number: number) => screen.getByTestId(`release-row-${number}`);

export async function openPublish(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole("table");
  await user.click(screen.getByRole("button", { name: "Publish release" }));
  return screen.findByRole("dialog", { name: "Publish release" });
}
