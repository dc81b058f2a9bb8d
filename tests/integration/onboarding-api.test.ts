import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, signInAs, uniqueEmail } from "../helpers/factories.ts";

const api = apiAppForThisFile();

/** A user as their first sign-in leaves them: no profile, no team (signing in is auth-api's subject). */
async function newcomer(name: string) {
  const user = await buildUser(api().app, { email: uniqueEmail(name) });
  return { user, client: await signInAs(user) };
}

describe("profile", () => {
  it("requires a first name; nothing is written on bad input", async () => {
    const { client } = await newcomer("profile");
    for (const body of [{ firstName: "   " }, {}, { firstName: 42 }]) {
      const answer = await fail(client, contract.profiles.save, { body });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    }
    expect((await fail(client, contract.profiles.save, { body: {} })).body).toMatchObject({
      error: { message: "First name is required" },
    });
    const me = await call(client, contract.auth.me, {});
    expect(me.body.profile).toBeNull();
  });

  it("saves trimmed names, last name optional, and updates in place", async () => {
    const { user, client } = await newcomer("names");
    const email = user.email;
    const saved = await call(client, contract.profiles.save, { body: { firstName: "  Ada " } });
    expect(saved).toMatchObject({ status: 200, body: { firstName: "Ada", lastName: "", email } });

    const updated = await call(client, contract.profiles.save, {
      body: { firstName: "Ada", lastName: " Lovelace " },
    });
    expect(updated.body).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    const rows = await api().db.selectFrom("profiles").selectAll().where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe("teams", () => {
  it("requires a team name; nothing half-written stays", async () => {
    const { user, client } = await newcomer("team-bad");
    const answer = await fail(client, contract.teams.create, { body: { name: "  " } });
    expect(answer).toMatchObject({ status: 400, body: { error: { message: "Team name is required" } } });
    const memberships = await api()
      .db.selectFrom("members")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(memberships).toEqual([]);
  });

  it("makes the creator the owner and lists teams by name", async () => {
    const { client } = await newcomer("owner");
    for (const name of ["Zeta", "acme", "Mango"]) {
      const created = await call(client, contract.teams.create, { body: { name } });
      expect(created).toMatchObject({ status: 201, body: { name, role: "owner" } });
    }
    const list = await call(client, contract.teams.list, {});
    expect(list.body.teams.map((t) => t.name)).toEqual(["acme", "Mango", "Zeta"]);
    expect(list.body.teams.every((t) => t.role === "owner")).toBe(true);

    const row = await api()
      .db.selectFrom("members")
      .innerJoin("teams", "teams.id", "members.team_id")
      .select(["members.role", "teams.tov_tone", "teams.tov_product_context"])
      .where("teams.id", "=", list.body.teams[0]?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "owner", tov_tone: null, tov_product_context: null });
  });

  it("shows nobody else's teams", async () => {
    const alice = (await newcomer("alice")).client;
    await call(alice, contract.teams.create, { body: { name: "Alice's team" } });
    const bob = (await newcomer("bob")).client;
    const list = await call(bob, contract.teams.list, {});
    expect(list.body.teams).toEqual([]);
  });

  it("walks the onboarding state through /api/me", async () => {
    const { user, client } = await newcomer("journey");
    const email = user.email;
    expect((await call(client, contract.auth.me, {})).body).toMatchObject({ profile: null, teams: [] });
    await call(client, contract.profiles.save, { body: { firstName: "Grace", lastName: "Hopper" } });
    await call(client, contract.teams.create, { body: { name: "Compilers" } });
    const me = await call(client, contract.auth.me, {});
    expect(me.body).toMatchObject({
      user: { email },
      profile: { firstName: "Grace", lastName: "Hopper" },
      teams: [{ name: "Compilers", role: "owner" }],
    });
  });
});
