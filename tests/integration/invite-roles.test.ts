import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { uniqueEmail } from "../helpers/factories.ts";
import { invitesOf, membersOf, signInInvited, teamOfThree } from "../helpers/teams.ts";

/**
 * Choosing the role in the invite (issue 34): whoever may invite (owner and admins, spec point 6)
 * chooses admin or reviewer; the invite keeps it and joining gives it. Reviewer stays the default.
 */
const api = apiAppForThisFile();

describe("the role an invite gives", () => {
  it("is reviewer when none is chosen, as before", async () => {
    const t = await teamOfThree(api());
    const email = uniqueEmail("plain");
    const created = await call(t.owner, contract.teams.invite, {
      params: { teamId: t.teamId },
      body: { email },
    });
    expect(created).toMatchObject({ status: 201, body: { email, role: "reviewer" } });
    await api().mail.waitForMail(email);
    const { me } = await signInInvited(api(), email);
    expect(me.teams).toMatchObject([{ id: t.teamId, role: "reviewer" }]);
  });

  it("is the one chosen: the owner and admins may invite admins, who join as admins", async () => {
    const t = await teamOfThree(api(), "Roles Co");
    const params = { teamId: t.teamId };
    const byOwner = uniqueEmail("owner-made-admin");
    const byAdmin = uniqueEmail("admin-made-admin");
    const reviewer = uniqueEmail("chosen-reviewer");

    const first = await call(t.owner, contract.teams.invite, {
      params,
      body: { email: byOwner, role: "admin" },
    });
    expect(first).toMatchObject({ status: 201, body: { email: byOwner, role: "admin" } });
    const second = await call(t.admin, contract.teams.invite, {
      params,
      body: { email: byAdmin, role: "admin" },
    });
    expect(second).toMatchObject({ status: 201, body: { role: "admin" } });
    const third = await call(t.admin, contract.teams.invite, {
      params,
      body: { email: reviewer, role: "reviewer" },
    });
    expect(third).toMatchObject({ status: 201, body: { role: "reviewer" } });

    // The pending list says which role each invite gives.
    const listed = await invitesOf(t.reviewer, t.teamId);
    expect(Object.fromEntries(listed.map((i) => [i.email, i.role]))).toEqual({
      [byOwner]: "admin",
      [byAdmin]: "admin",
      [reviewer]: "reviewer",
    });

    // The mail says what joining makes them.
    expect((await api().mail.waitForMail(byOwner)).text).toContain("on Sprog as an admin.");
    expect((await api().mail.waitForMail(reviewer)).text).toContain("on Sprog as a reviewer.");
    await api().mail.waitForMail(byAdmin);
    const joinedOwner = await signInInvited(api(), byOwner);
    expect(joinedOwner.me.teams).toMatchObject([{ id: t.teamId, name: "Roles Co", role: "admin" }]);
    await signInInvited(api(), byAdmin);
    await signInInvited(api(), reviewer);

    const members = await membersOf(t.owner, t.teamId);
    const roleOf = (email: string) => members.find((m) => m.email === email)?.role;
    expect([roleOf(byOwner), roleOf(byAdmin), roleOf(reviewer)]).toEqual(["admin", "admin", "reviewer"]);

    // The new admin may do what admins do: invite.
    const invitedByNewAdmin = await call(joinedOwner.client, contract.teams.invite, {
      params,
      body: { email: uniqueEmail("next"), role: "reviewer" },
    });
    expect(invitedByNewAdmin.status).toBe(201);
  });

  it("answers 400 to an unknown role and 403 to the owner's role, and keeps no invite or mail", async () => {
    const t = await teamOfThree(api());
    const params = { teamId: t.teamId };
    const email = uniqueEmail("refused");

    for (const role of ["superuser", "", 7, "Admin", "none"]) {
      const answer = await fail(t.owner, contract.teams.invite, { params, body: { email, role } });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { code: "validation_failed", message: "Role must be admin or reviewer" } },
      });
    }
    for (const caller of [t.owner, t.admin]) {
      const answer = await fail(caller, contract.teams.invite, { params, body: { email, role: "owner" } });
      expect(answer).toMatchObject({
        status: 403,
        body: {
          error: {
            code: "forbidden",
            message: "An invite can make someone an admin or a reviewer, not the owner",
          },
        },
      });
    }
    // A reviewer may not invite at all, whatever the role.
    const reviewer = await fail(t.reviewer, contract.teams.invite, {
      params,
      body: { email, role: "reviewer" },
    });
    expect(reviewer.status).toBe(403);

    expect(await invitesOf(t.owner, t.teamId)).toEqual([]);
    expect(api().mail.mailsTo(email)).toEqual([]);
  });

  it("is stored on the invitation, reviewer for rows written before roles could be chosen", async () => {
    const t = await teamOfThree(api());
    const email = uniqueEmail("stored");
    await call(t.owner, contract.teams.invite, {
      params: { teamId: t.teamId },
      body: { email, role: "admin" },
    });
    const row = await api()
      .db.selectFrom("invites")
      .select(["role"])
      .where("team_id", "=", t.teamId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");

    // The column's default is the role every invite gave before.
    const inserted = await api()
      .db.insertInto("invites")
      .values({
        id: crypto.randomUUID(),
        team_id: t.teamId,
        email: uniqueEmail("legacy"),
        inviter_id: (await api().db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id,
      })
      .returning("role")
      .executeTakeFirstOrThrow();
    expect(inserted.role).toBe("reviewer");
  });
});
