import { describe, expect, it } from "vitest";
import type { TeamMember, TeamSummary } from "../../src/shared/schemas/teams.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { addToTeam, buildUser, uniqueEmail } from "../helpers/factories.ts";
import { type ErrorAnswer, membersOf, teamOfThree } from "../helpers/teams.ts";

/**
 * The Team capability's members and the team itself (spec points 2, 5, 6 and 9): members with
 * derived roles in their order, role changes, removals, renaming and deleting a team. Invites are in
 * team-invites.test.ts. People are made by the factories (no sign-in codes).
 */
const api = apiAppForThisFile();

describe("members", () => {
  it("lists the owner first, then admins, then reviewers, each by full name; every member may read", async () => {
    const t = await teamOfThree(api());
    const zoe = await buildUser(api().app, { firstName: "Zoe", lastName: "Admin" });
    await addToTeam(zoe, t.teamId, "admin");
    const anna = await buildUser(api().app, { firstName: "anna", lastName: "Reviewer" });
    await addToTeam(anna, t.teamId, "reviewer");
    // No profile yet: sorted by e-mail, shown without a name.
    const nameless = await buildUser(api().app, { email: uniqueEmail("aaa-nameless") });
    await addToTeam(nameless, t.teamId, "reviewer");

    const listed = await membersOf(t.reviewer, t.teamId);
    expect(listed.map((m) => [m.name, m.role])).toEqual([
      ["Olga Owner", "owner"],
      ["Adam Admin", "admin"],
      ["Zoe Admin", "admin"],
      ["", "reviewer"],
      ["anna Reviewer", "reviewer"],
      ["Rita Reviewer", "reviewer"],
    ]);
    expect(listed[0]).toMatchObject({ email: t.ownerEmail, id: t.ownerId });
    expect(listed[3]?.email).toBe(nameless.email);
  });

  it("answers 404 to an outsider and 401 to nobody", async () => {
    const t = await teamOfThree(api());
    const outsider = await t.outsider.request<ErrorAnswer>("GET", `/api/teams/${t.teamId}/members`);
    expect(outsider).toMatchObject({ status: 404, body: { error: { message: "Team not found" } } });
    expect((await api().client().request("GET", `/api/teams/${t.teamId}/members`)).status).toBe(401);
  });

  it("lets only the owner switch a member between admin and reviewer, never the owner", async () => {
    const t = await teamOfThree(api());
    const path = (id: string) => `/api/teams/${t.teamId}/members/${id}`;

    const promoted = await t.owner.request<TeamMember>("PATCH", path(t.reviewerId), {
      body: { role: "admin" },
    });
    expect(promoted).toMatchObject({ status: 200, body: { id: t.reviewerId, role: "admin" } });
    const demoted = await t.owner.request<TeamMember>("PATCH", path(t.adminId), {
      body: { role: "reviewer" },
    });
    expect(demoted.body.role).toBe("reviewer");
    // What the demoted and promoted see of themselves follows.
    const teams = await t.admin.request<{ teams: TeamSummary[] }>("GET", "/api/teams");
    expect(teams.body.teams.find((team) => team.id === t.teamId)?.role).toBe("reviewer");

    // Now Rita is admin and Adam reviewer: neither may change roles.
    for (const caller of [t.reviewer, t.admin]) {
      const refused = await caller.request<ErrorAnswer>("PATCH", path(t.adminId), {
        body: { role: "admin" },
      });
      expect(refused.status).toBe(403);
    }
    const owner = await t.owner.request<ErrorAnswer>("PATCH", path(t.ownerId), {
      body: { role: "reviewer" },
    });
    expect(owner).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const bad = await t.owner.request<ErrorAnswer>("PATCH", path(t.adminId), { body: { role: "owner" } });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { message: "Role must be admin or reviewer" } },
    });
    const outsider = await t.outsider.request("PATCH", path(t.adminId), { body: { role: "admin" } });
    expect(outsider.status).toBe(404);

    // A member of another team is not a member here.
    const other = await teamOfThree(api(), "Other");
    const foreign = await t.owner.request<ErrorAnswer>("PATCH", path(other.adminId), {
      body: { role: "reviewer" },
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: { message: "Member not found" } } });
    expect((await membersOf(other.owner, other.teamId)).find((m) => m.id === other.adminId)?.role).toBe(
      "admin",
    );
  });

  it("lets owner and admins remove admins and reviewers, never the owner; the removed lose access", async () => {
    const t = await teamOfThree(api());
    const path = (id: string) => `/api/teams/${t.teamId}/members/${id}`;

    expect((await t.reviewer.request("DELETE", path(t.adminId))).status).toBe(403);
    const ownerGone = await t.admin.request<ErrorAnswer>("DELETE", path(t.ownerId));
    expect(ownerGone).toMatchObject({
      status: 403,
      body: { error: { message: "The team owner cannot be removed" } },
    });
    expect((await t.owner.request("DELETE", path(t.ownerId))).status).toBe(403);
    expect((await t.outsider.request("DELETE", path(t.reviewerId))).status).toBe(404);

    expect((await t.admin.request("DELETE", path(t.reviewerId))).status).toBe(204);
    expect((await t.admin.request("DELETE", path(t.reviewerId))).status).toBe(404);
    expect((await t.reviewer.request("GET", `/api/teams/${t.teamId}/members`)).status).toBe(404);
    expect((await t.owner.request("DELETE", path(t.adminId))).status).toBe(204);
    expect((await membersOf(t.owner, t.teamId)).map((m) => m.email)).toEqual([t.ownerEmail]);
  });
});

describe("editing and deleting a team", () => {
  it("lets only the owner rename, with the spec's text for an empty name", async () => {
    const t = await teamOfThree(api(), "Before");
    const path = `/api/teams/${t.teamId}`;
    const renamed = await t.owner.request<TeamSummary>("PATCH", path, { body: { name: "  After  " } });
    expect(renamed).toMatchObject({ status: 200, body: { id: t.teamId, name: "After", role: "owner" } });
    const empty = await t.owner.request<ErrorAnswer>("PATCH", path, { body: { name: "   " } });
    expect(empty).toMatchObject({ status: 400, body: { error: { message: "Team name is required" } } });
    expect((await t.admin.request("PATCH", path, { body: { name: "Admin's" } })).status).toBe(403);
    expect((await t.reviewer.request("PATCH", path, { body: { name: "Rita's" } })).status).toBe(403);
    expect((await t.outsider.request("PATCH", path, { body: { name: "Mine" } })).status).toBe(404);
    const teams = await t.reviewer.request<{ teams: TeamSummary[] }>("GET", "/api/teams");
    expect(teams.body.teams.find((team) => team.id === t.teamId)?.name).toBe("After");
  });

  it("lets only the owner delete, with every project, key, string, member and invite", async () => {
    const t = await teamOfThree(api());
    const project = await t.owner.request<{ id: string }>("POST", `/api/teams/${t.teamId}/projects`, {
      body: { name: "App" },
    });
    await t.owner.request("PUT", `/api/projects/${project.body.id}/languages`, {
      body: { languages: ["en", "de"] },
    });
    const key = await t.owner.request<{ id: string }>("POST", `/api/projects/${project.body.id}/keys`, {
      body: { key: "hello", sourceValue: "Hello" },
    });
    await t.owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "Hallo" } });
    await t.owner.request("POST", `/api/teams/${t.teamId}/invites`, { body: { email: uniqueEmail() } });
    await t.owner.request("POST", `/api/teams/${t.teamId}/tone/sections`, { body: { title: "Voice" } });

    expect((await t.admin.request("DELETE", `/api/teams/${t.teamId}`)).status).toBe(403);
    expect((await t.reviewer.request("DELETE", `/api/teams/${t.teamId}`)).status).toBe(403);
    expect((await t.outsider.request("DELETE", `/api/teams/${t.teamId}`)).status).toBe(404);
    expect((await t.owner.request("DELETE", `/api/teams/${t.teamId}`)).status).toBe(204);

    const db = api().db;
    const count = async (table: "projects" | "members" | "invites" | "tone_sections", column: "team_id") =>
      (await db.selectFrom(table).select(column).where(column, "=", t.teamId).execute()).length;
    expect(await count("projects", "team_id")).toBe(0);
    expect(await count("members", "team_id")).toBe(0);
    expect(await count("invites", "team_id")).toBe(0);
    expect(await count("tone_sections", "team_id")).toBe(0);
    const keys = await db
      .selectFrom("translation_keys")
      .select("id")
      .where("project_id", "=", project.body.id)
      .execute();
    const strings = await db
      .selectFrom("translation_strings")
      .select("id")
      .where("project_id", "=", project.body.id)
      .execute();
    expect([keys.length, strings.length]).toEqual([0, 0]);

    expect((await t.owner.request("GET", `/api/projects/${project.body.id}/keys`)).status).toBe(404);
    expect((await t.owner.request("DELETE", `/api/teams/${t.teamId}`)).status).toBe(404);
    const teams = await t.admin.request<{ teams: TeamSummary[] }>("GET", "/api/teams");
    expect(teams.body.teams.some((team) => team.id === t.teamId)).toBe(false);
  });
});
