import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../../shared/permissions.ts";
import type { TeamInvite, TeamMember, TeamSummary } from "../../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiCall, type ApiError, mockApi, refusal } from "../../../test/mock-api.ts";
import { dispatchTeamEvent } from "../team-events.ts";
import { TeamScreen } from "./team-screen.tsx";
import { TeamToolbar } from "./team-toolbar.tsx";

const member = (id: string, name: string, email: string, role: TeamMember["role"]): TeamMember => ({
  id,
  userId: `user-${id}`,
  email,
  name,
  role,
  joinedAt: "2026-01-01T00:00:00.000Z",
});
const OWNER = member("m1", "Olga Owner", "olga@acme.test", "owner");
const ADMIN = member("m2", "Adam Admin", "adam@acme.test", "admin");
const REVIEWER = member("m3", "Rita Reviewer", "rita@acme.test", "reviewer");
const INVITE: TeamInvite = {
  id: "i1",
  teamId: "t1",
  email: "newbie@other.test",
  role: "reviewer",
  createdAt: "2026-03-04T10:00:00.000Z",
};

/** Team t1's API; another team is not found. */
function forT1(teamId: string) {
  if (teamId !== "t1") throw refusal(404, "not_found", "No such API endpoint");
}

/** A fake API for team t1: members, invites, role changes, removals, invites, rename and delete. */
function stubApi(options: { members?: TeamMember[]; invites?: TeamInvite[]; inviteRefusal?: ApiError } = {}) {
  let members = [...(options.members ?? [OWNER, ADMIN, REVIEWER])];
  let invites = [...(options.invites ?? [INVITE])];
  return mockApi({
    teams: {
      listMembers: ({ params }) => {
        forT1(params.teamId);
        return { members };
      },
      listInvites: ({ params }) => {
        forT1(params.teamId);
        return { invites };
      },
      invite: ({ params, body }) => {
        forT1(params.teamId);
        if (options.inviteRefusal) throw options.inviteRefusal;
        const created: TeamInvite = {
          id: "i2",
          teamId: "t1",
          email: body.email,
          role: body.role === "admin" ? "admin" : "reviewer",
          createdAt: "2026-03-05T10:00:00.000Z",
        };
        invites = [created, ...invites];
        return created;
      },
      updateMemberRole: ({ params, body }) => {
        forT1(params.teamId);
        members = members.map((m) => (m.id === params.memberId ? { ...m, role: body.role } : m));
        const changed = members.find((m) => m.id === params.memberId);
        if (!changed) throw refusal(404, "not_found", "Member not found");
        return changed;
      },
      removeMember: ({ params }) => {
        forT1(params.teamId);
        members = members.filter((m) => m.id !== params.memberId);
      },
      removeInvite: ({ params }) => {
        forT1(params.teamId);
        invites = invites.filter((i) => i.id !== params.inviteId);
      },
      update: ({ params, body }) => {
        forT1(params.teamId);
        return { id: "t1", name: body.name, role: "owner", createdAt: "2026-01-01T00:00:00.000Z" };
      },
      remove: ({ params }) => forT1(params.teamId),
      list: () => Promise.reject(refusal(500, "internal", "not in this test")),
    },
    auth: { me: () => Promise.reject(refusal(500, "internal", "not in this test")) },
  });
}

const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

function setup(selected: TeamSummary | null) {
  const user = userEvent.setup();
  const onTeamDeleted = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TeamToolbar team={selected} />
      <TeamScreen team={selected} currentUserId="user-m1" onTeamDeleted={onTeamDeleted} />
    </QueryClientProvider>,
  );
  return { user, onTeamDeleted };
}

const memberRows = async () =>
  within(await screen.findByRole("list", { name: "Members" })).getAllByRole("listitem");
/** The calls that change something: all but the reads. */
const changes = (calls: ApiCall[]) =>
  calls.filter(
    (call) => !["teams.listMembers", "teams.listInvites", "teams.list", "auth.me"].includes(call.procedure),
  );

afterEach(() => {
  cleanup();
});

describe("Team screen", () => {
  it("asks to select a team when there is none", () => {
    stubApi();
    setup(null);
    expect(screen.getByText("Please select a team to view team members.")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Search members").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Invite" })).toBeNull();
  });

  it("gives the owner the role dropdown and delete buttons for everyone but the owner", async () => {
    const calls = stubApi();
    const { user } = setup(team("owner"));
    const rows = await memberRows();
    expect(rows.map((row) => row.getAttribute("aria-label"))).toEqual([
      "Olga Owner",
      "Adam Admin",
      "Rita Reviewer",
    ]);
    const [ownerRow] = rows;
    expect(within(ownerRow as HTMLElement).getByText("Owner")).toBeTruthy();
    expect(within(ownerRow as HTMLElement).queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove Olga Owner" })).toBeNull();
    expect(screen.getByRole("button", { name: "Remove Adam Admin" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Invite" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();

    const select = screen.getByLabelText<HTMLSelectElement>("Role of Rita Reviewer");
    expect(select.value).toBe("reviewer");
    expect([...select.options].map((o) => o.text)).toEqual(["Admin", "Reviewer"]);
    await user.selectOptions(select, "admin");
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          procedure: "teams.updateMemberRole",
          input: { params: { teamId: "t1", memberId: "m3" }, body: { role: "admin" } },
        },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>("Role of Rita Reviewer").value).toBe("admin"),
    );
  });

  it("shows an admin static roles, delete buttons, Invite but no Edit", async () => {
    stubApi();
    setup(team("admin"));
    await memberRows();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText("Admin")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove Rita Reviewer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: `Remove invite for ${INVITE.email}` })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Invite" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("shows a reviewer no Invite, Edit or delete buttons, and ignores the dialog events", async () => {
    stubApi();
    setup(team("reviewer"));
    await memberRows();
    await screen.findByRole("list", { name: "Invites" });
    expect(screen.queryByRole("button", { name: "Invite" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
    act(() => dispatchTeamEvent("open-invite-dialog"));
    act(() => dispatchTeamEvent("open-edit-team-dialog"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("filters members by name or e-mail and invites by e-mail, from the search event", async () => {
    stubApi();
    const { user } = setup(team("owner"));
    await memberRows();
    await user.type(screen.getByLabelText("Search members"), "RITA");
    expect((await memberRows()).map((row) => row.getAttribute("aria-label"))).toEqual(["Rita Reviewer"]);
    expect(screen.getByText("No pending invites.")).toBeTruthy();

    await user.clear(screen.getByLabelText("Search members"));
    await user.type(screen.getByLabelText("Search members"), "other.test");
    expect(screen.getByText("No team members found.")).toBeTruthy();
    // Every member is a paid seat, whatever the search shows.
    expect(screen.getByText("Seats used: 3")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Invites" })).getByText(INVITE.email)).toBeTruthy();

    // Anything may drive the search through the window event.
    act(() => dispatchTeamEvent("update-search-query", { searchQuery: "acme" }));
    expect(await memberRows()).toHaveLength(3);
  });

  it("shows a query set by the 'update-search-query' event in the search box, and filters by it (issue 19)", async () => {
    stubApi();
    setup(team("owner"));
    expect(await memberRows()).toHaveLength(3);
    act(() => dispatchTeamEvent("update-search-query", { searchQuery: "rita" }));
    expect((screen.getByLabelText("Search members") as HTMLInputElement).value).toBe("rita");
    expect((await memberRows()).map((row) => row.getAttribute("aria-label"))).toEqual(["Rita Reviewer"]);

    act(() => dispatchTeamEvent("update-search-query", { searchQuery: "" }));
    expect((screen.getByLabelText("Search members") as HTMLInputElement).value).toBe("");
    expect(await memberRows()).toHaveLength(3);
  });

  it("prompts to invite with no invites and fewer than 3 members; the button only for who may add", async () => {
    stubApi({ members: [OWNER, REVIEWER], invites: [] });
    const { user } = setup(team("owner"));
    expect(await screen.findByText("Invite team members")).toBeTruthy();
    expect(
      screen.getByText("Collaborate with your team by inviting them to join this workspace"),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Invite members" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    // The dialog says the invite gives the role chosen in it, reviewer unless changed (issue 34).
    expect(dialog.textContent).toContain("joins Acme with the role you choose here");
    expect((within(dialog).getByLabelText("Role") as HTMLSelectElement).value).toBe("reviewer");
    cleanup();

    stubApi({ members: [OWNER, REVIEWER], invites: [] });
    setup(team("reviewer"));
    expect(await screen.findByText("Invite team members")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Invite members" })).toBeNull();
    cleanup();

    stubApi({ members: [OWNER, ADMIN, REVIEWER], invites: [] });
    setup(team("owner"));
    await memberRows();
    await screen.findByText("No pending invites.");
    expect(screen.queryByText("Invite team members")).toBeNull();
  });

  it("checks the invite address and shows the server's refusal on the field", async () => {
    const calls = stubApi({
      inviteRefusal: refusal(409, "conflict", "User already has a pending invite"),
    });
    const { user } = setup(team("admin"));
    await memberRows();
    await user.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    const send = within(dialog).getByRole("button", { name: "Send invite" });

    await user.click(send);
    expect(await within(dialog).findByText("Email is required")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Email"), "not-an-address");
    await user.click(send);
    expect(await within(dialog).findByText("Email is invalid")).toBeTruthy();
    expect(changes(calls)).toEqual([]);

    await user.clear(within(dialog).getByLabelText("Email"));
    await user.type(within(dialog).getByLabelText("Email"), "Newbie@Other.test");
    await user.click(send);
    expect(await within(dialog).findByText("User already has a pending invite")).toBeTruthy();
    expect(changes(calls)).toEqual([
      {
        procedure: "teams.invite",
        input: { params: { teamId: "t1" }, body: { email: "newbie@other.test", role: "reviewer" } },
      },
    ]);
  });

  it("shows the server's invite limit in the dialog and keeps it open", async () => {
    const message = "You have sent too many invites. Please try again in 42 minutes.";
    stubApi({ inviteRefusal: refusal(429, "rate_limited", message) });
    const { user } = setup(team("admin"));
    await memberRows();
    await user.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    await user.type(within(dialog).getByLabelText("Email"), "newbie@other.test");
    await user.click(within(dialog).getByRole("button", { name: "Send invite" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Invite Team Member" })).toBeTruthy();
  });

  it("sends an invite, closes the dialog and lists it", async () => {
    stubApi({ invites: [] });
    const { user } = setup(team("owner"));
    await memberRows();
    act(() => dispatchTeamEvent("open-invite-dialog"));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    await user.type(within(dialog).getByLabelText("Email"), "fresh@acme.test");
    await user.click(within(dialog).getByRole("button", { name: "Send invite" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      await within(await screen.findByRole("list", { name: "Invites" })).findByText("fresh@acme.test"),
    ).toBeTruthy();
  });

  it("invites as the role chosen, and lists the invite with it (issue 34)", async () => {
    const calls = stubApi({ invites: [] });
    const { user } = setup(team("admin"));
    await memberRows();
    await user.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Team Member" });
    const role = within(dialog).getByLabelText("Role");
    expect(
      within(role)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Reviewer", "Admin"]);
    await user.type(within(dialog).getByLabelText("Email"), "lead@acme.test");
    await user.selectOptions(role, "Admin");
    await user.click(within(dialog).getByRole("button", { name: "Send invite" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(changes(calls)).toEqual([
      {
        procedure: "teams.invite",
        input: { params: { teamId: "t1" }, body: { email: "lead@acme.test", role: "admin" } },
      },
    ]);
    const invite = await within(await screen.findByRole("list", { name: "Invites" })).findByRole("listitem", {
      name: "lead@acme.test",
    });
    expect(invite.textContent).toContain("as Admin");
  });

  it("removes a member and an invite only after the spec's confirmations", async () => {
    const calls = stubApi();
    const { user } = setup(team("owner"));
    await memberRows();

    await user.click(screen.getByRole("button", { name: "Remove Adam Admin" }));
    let confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Are you sure you want to remove this team member?");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(changes(calls)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Remove Adam Admin" }));
    confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(async () =>
      expect((await memberRows()).map((row) => row.getAttribute("aria-label"))).toEqual([
        "Olga Owner",
        "Rita Reviewer",
      ]),
    );

    await user.click(screen.getByRole("button", { name: `Remove invite for ${INVITE.email}` }));
    confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Are you sure you want to remove this invite?");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No pending invites.")).toBeTruthy();
    expect(changes(calls)).toEqual([
      { procedure: "teams.removeMember", input: { params: { teamId: "t1", memberId: "m2" } } },
      { procedure: "teams.removeInvite", input: { params: { teamId: "t1", inviteId: "i1" } } },
    ]);
  });

  it("edits the team: Save waits for a change, the name is required, and the owner may delete", async () => {
    const calls = stubApi();
    const { user, onTeamDeleted } = setup(team("owner"));
    await memberRows();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Team" });
    const name = within(dialog).getByLabelText<HTMLInputElement>("Team name");
    const save = within(dialog).getByRole<HTMLButtonElement>("button", { name: "Save" });
    expect(name.value).toBe("Acme");
    expect(save.disabled).toBe(true);
    await user.type(name, "  ");
    expect(save.disabled).toBe(true);
    await user.clear(name);
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(await within(dialog).findByText("Team name is required")).toBeTruthy();
    await user.type(name, "Acme Global");
    await user.click(save);
    const rename = {
      procedure: "teams.update",
      input: { params: { teamId: "t1" }, body: { name: "Acme Global" } },
    };
    await waitFor(() => expect(changes(calls)).toEqual([rename]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Team" })).toBeNull());

    await user.click(screen.getByRole("button", { name: "Edit" }));
    const again = await screen.findByRole("dialog", { name: "Edit Team" });
    await user.click(within(again).getByRole("button", { name: "Delete team" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete team?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(onTeamDeleted).toHaveBeenCalledWith("t1"));
    expect(changes(calls)).toEqual([
      rename,
      { procedure: "teams.remove", input: { params: { teamId: "t1" } } },
    ]);
  });
});
