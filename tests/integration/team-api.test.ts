import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { addToTeam, buildKey, buildProject, buildUser, uniqueEmail } from "../helpers/factories.ts";
import { membersOf, teamOfThree } from "../helpers/teams.ts";

/**
 * The Team capability (spec points 2, 4, 5, 6, 8 and 9): members with derived roles, role changes,
 * removals, renaming and deleting a team (invites: team-invites.test.ts). People are made by the factories (tests/helpers/teams.ts), without sign-in codes, except where joining by
 * invite at a sign-in by code is what a test is about.
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
    const team = { params: { teamId: t.teamId } };
    const outsider = await fail(t.outsider, contract.teams.listMembers, team);
    expect(outsider).toMatchObject({ status: 404, body: { error: { message: "Team not found" } } });
    expect((await fail(api().client(), contract.teams.listMembers, team)).status).toBe(401);
  });

  it("lets only the owner switch a member between admin and reviewer, never the owner", async () => {
    const t = await teamOfThree(api());
    const member = (memberId: string) => ({ teamId: t.teamId, memberId });

    const promoted = await call(t.owner, contract.teams.updateMemberRole, {
      params: member(t.reviewerId),
      body: { role: "admin" },
    });
    expect(promoted).toMatchObject({ status: 200, body: { id: t.reviewerId, role: "admin" } });
    const demoted = await call(t.owner, contract.teams.updateMemberRole, {
      params: member(t.adminId),
      body: { role: "reviewer" },
    });
    expect(demoted.body.role).toBe("reviewer");
    // What the demoted and promoted see of themselves follows.
    const teams = await call(t.admin, contract.teams.list, {});
    expect(teams.body.teams.find((team) => team.id === t.teamId)?.role).toBe("reviewer");

    // Now Rita is admin and Adam reviewer: neither may change roles.
    for (const caller of [t.reviewer, t.admin]) {
      const refused = await fail(caller, contract.teams.updateMemberRole, {
        params: member(t.adminId),
        body: { role: "admin" },
      });
      expect(refused.status).toBe(403);
    }
    const owner = await fail(t.owner, contract.teams.updateMemberRole, {
      params: member(t.ownerId),
      body: { role: "reviewer" },
    });
    expect(owner).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const bad = await fail(t.owner, contract.teams.updateMemberRole, {
      params: member(t.adminId),
      body: { role: "owner" },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { message: "Role must be admin or reviewer" } },
    });
    const outsider = await fail(t.outsider, contract.teams.updateMemberRole, {
      params: member(t.adminId),
      body: { role: "admin" },
    });
    expect(outsider.status).toBe(404);

    // A member of another team is not a member here.
    const other = await teamOfThree(api(), "Other");
    const foreign = await fail(t.owner, contract.teams.updateMemberRole, {
      params: member(other.adminId),
      body: { role: "reviewer" },
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: { message: "Member not found" } } });
    expect((await membersOf(other.owner, other.teamId)).find((m) => m.id === other.adminId)?.role).toBe(
      "admin",
    );
  });

  it("lets owner and admins remove admins and reviewers, never the owner; the removed lose access", async () => {
    const t = await teamOfThree(api());
    const member = (memberId: string) => ({ params: { teamId: t.teamId, memberId } });

    expect((await fail(t.reviewer, contract.teams.removeMember, member(t.adminId))).status).toBe(403);
    const ownerGone = await fail(t.admin, contract.teams.removeMember, member(t.ownerId));
    expect(ownerGone).toMatchObject({
      status: 403,
      body: { error: { message: "The team owner cannot be removed" } },
    });
    expect((await fail(t.owner, contract.teams.removeMember, member(t.ownerId))).status).toBe(403);
    expect((await fail(t.outsider, contract.teams.removeMember, member(t.reviewerId))).status).toBe(404);

    expect((await call(t.admin, contract.teams.removeMember, member(t.reviewerId))).status).toBe(204);
    expect((await fail(t.admin, contract.teams.removeMember, member(t.reviewerId))).status).toBe(404);
    const team = { params: { teamId: t.teamId } };
    expect((await fail(t.reviewer, contract.teams.listMembers, team)).status).toBe(404);
    expect((await call(t.owner, contract.teams.removeMember, member(t.adminId))).status).toBe(204);
    expect((await membersOf(t.owner, t.teamId)).map((m) => m.email)).toEqual([t.ownerEmail]);
  });
});

describe("editing and deleting a team", () => {
  it("lets only the owner rename, with the spec's text for an empty name", async () => {
    const t = await teamOfThree(api(), "Before");
    const params = { teamId: t.teamId };
    const renamed = await call(t.owner, contract.teams.update, { params, body: { name: "  After  " } });
    expect(renamed).toMatchObject({ status: 200, body: { id: t.teamId, name: "After", role: "owner" } });
    const empty = await fail(t.owner, contract.teams.update, { params, body: { name: "   " } });
    expect(empty).toMatchObject({ status: 400, body: { error: { message: "Team name is required" } } });
    const rename = (client: ApiClient, name: string) =>
      fail(client, contract.teams.update, { params, body: { name } });
    expect((await rename(t.admin, "Admin's")).status).toBe(403);
    expect((await rename(t.reviewer, "Rita's")).status).toBe(403);
    expect((await rename(t.outsider, "Mine")).status).toBe(404);
    const teams = await call(t.reviewer, contract.teams.list, {});
    expect(teams.body.teams.find((team) => team.id === t.teamId)?.name).toBe("After");
  });

  it("lets only the owner delete, with every project, key, string, member and invite", async () => {
    const t = await teamOfThree(api());
    const project = await buildProject(t.owner, t.teamId, { name: "App", languages: ["de"] });
    await buildKey(t.owner, project.id, "hello", { source: "Hello", strings: { de: "Hallo" } });
    const team = { params: { teamId: t.teamId } };
    await call(t.owner, contract.teams.invite, { ...team, body: { email: uniqueEmail() } });
    await call(t.owner, contract.tone.createSection, { ...team, body: { title: "Voice" } });

    expect((await fail(t.admin, contract.teams.remove, team)).status).toBe(403);
    expect((await fail(t.reviewer, contract.teams.remove, team)).status).toBe(403);
    expect((await fail(t.outsider, contract.teams.remove, team)).status).toBe(404);
    expect((await call(t.owner, contract.teams.remove, team)).status).toBe(204);

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
      .where("project_id", "=", project.id)
      .execute();
    const strings = await db
      .selectFrom("translation_strings")
      .select("id")
      .where("project_id", "=", project.id)
      .execute();
    expect([keys.length, strings.length]).toEqual([0, 0]);

    expect((await fail(t.owner, contract.keys.list, { params: { projectId: project.id } })).status).toBe(404);
    expect((await fail(t.owner, contract.teams.remove, team)).status).toBe(404);
    const teams = await call(t.admin, contract.teams.list, {});
    expect(teams.body.teams.some((team) => team.id === t.teamId)).toBe(false);
  });
});
