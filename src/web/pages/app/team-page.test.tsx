import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { Me } from "../../../shared/schemas/auth.ts";
import type { TeamMember, TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { WorkspaceProvider } from "../../lib/workspace.tsx";
import { inputsOf, mockApi, refusal } from "../../test/mock-api.ts";
import { fakeResizeObserver } from "../../test/resize-observer.ts";
import { TeamPage } from "./team-page.tsx";

const OWNER: TeamMember = {
  id: "m1",
  userId: "u1",
  email: "olga@acme.test",
  name: "Olga Owner",
  role: "owner",
  joinedAt: "2026-01-01T00:00:00.000Z",
};

function setup(role: Role) {
  const inT1 = (teamId: string) => {
    if (teamId !== "t1") throw refusal(404, "not_found", "not in this test");
  };
  const calls = mockApi({
    teams: {
      listMembers: ({ params }) => {
        inT1(params.teamId);
        return { members: [OWNER] };
      },
      listInvites: ({ params }) => {
        inT1(params.teamId);
        return { invites: [] };
      },
    },
    // Usage is not what this file looks at: it may fail.
    usage: {
      team: () => {
        throw refusal(500, "internal", "not in this test");
      },
    },
    billing: { subscription: () => ({ configured: false, subscription: null }) },
    sso: {
      get: ({ params }) => {
        inT1(params.teamId);
        return {
          settings: null,
          redirectUri: "https://sprog.test/sso/oidc/callback",
          sp: {
            entityId: "https://sprog.test/sso/saml/t1",
            acsUrl: "https://sprog.test/sso/saml/t1/acs",
            metadataUrl: "https://sprog.test/sso/saml/t1/metadata",
          },
          domains: [],
        };
      },
    },
  });
  const team: TeamSummary = { id: "t1", name: "Acme", role, createdAt: "2026-01-01T00:00:00.000Z" };
  const me: Me = { user: { id: "u1", email: "olga@acme.test" }, profile: null, teams: [team] };
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={client}>
      <WorkspaceProvider me={me} teams={[team]}>
        <TeamPage />
      </WorkspaceProvider>
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => {
  fakeResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Team page", () => {
  it("shows the owner Single sign-on below the members", async () => {
    const calls = setup("owner");
    const members = await screen.findByRole("heading", { name: "Members" });
    const sso = await screen.findByRole("heading", { name: "Single sign-on" });
    expect(members.compareDocumentPosition(sso) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Identity provider" })).toBeTruthy();
    expect(inputsOf(calls, "sso.get")).toEqual([{ params: { teamId: "t1" } }]);
  });

  it.each(["admin", "reviewer"] as const)("shows an %s no Single sign-on, nor asks for it", async (role) => {
    const calls = setup(role);
    expect(await screen.findByRole("heading", { name: "Members" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Single sign-on" })).toBeNull();
    expect(inputsOf(calls, "sso.get")).toEqual([]);
  });
});
