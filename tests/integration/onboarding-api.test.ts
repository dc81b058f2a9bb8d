import { describe, expect, it } from "vitest";
import type { Me } from "../../src/shared/schemas/auth.ts";
import type { TeamSummary } from "../../src/shared/schemas/teams.ts";
import { apiAppForThisFile, uniqueEmail } from "../helpers/api-app.ts";

const api = apiAppForThisFile();

describe("profile", () => {
  it("requires a first name; nothing is written on bad input", async () => {
    const client = await api().signIn(uniqueEmail("profile"));
    for (const body of [{ firstName: "   " }, {}, { firstName: 42 }]) {
      const answer = await client.request("PUT", "/api/profile", { body });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    }
    expect((await client.request("PUT", "/api/profile", { body: {} })).body).toMatchObject({
      error: { message: "First name is required" },
    });
    const me = await client.request<Me>("GET", "/api/me");
    expect(me.body.profile).toBeNull();
  });

  it("saves trimmed names, last name optional, and updates in place", async () => {
    const email = uniqueEmail("names");
    const client = await api().signIn(email);
    const saved = await client.request("PUT", "/api/profile", { body: { firstName: "  Ada " } });
    expect(saved).toMatchObject({ status: 200, body: { firstName: "Ada", lastName: "", email } });

    const updated = await client.request("PUT", "/api/profile", {
      body: { firstName: "Ada", lastName: " Lovelace " },
    });
    expect(updated.body).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    const rows = await api().db.selectFrom("profiles").selectAll().where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe("teams", () => {
  it("requires a team name; nothing half-written stays", async () => {
    const email = uniqueEmail("team-bad");
    const client = await api().signIn(email);
    const answer = await client.request("POST", "/api/teams", { body: { name: "  " } });
    expect(answer).toMatchObject({ status: 400, body: { error: { message: "Team name is required" } } });
    const user = await api()
      .db.selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const memberships = await api()
      .db.selectFrom("members")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(memberships).toEqual([]);
  });

  it("makes the creator the owner and lists teams by name", async () => {
    const client = await api().signIn(uniqueEmail("owner"));
    for (const name of ["Zeta", "acme", "Mango"]) {
      const created = await client.request<TeamSummary>("POST", "/api/teams", { body: { name } });
      expect(created).toMatchObject({ status: 201, body: { name, role: "owner" } });
    }
    const list = await client.request<{ teams: TeamSummary[] }>("GET", "/api/teams");
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
    const alice = await api().signIn(uniqueEmail("alice"));
    await alice.request("POST", "/api/teams", { body: { name: "Alice's team" } });
    const bob = await api().signIn(uniqueEmail("bob"));
    const list = await bob.request<{ teams: TeamSummary[] }>("GET", "/api/teams");
    expect(list.body.teams).toEqual([]);
  });

  it("walks the onboarding state through /api/me", async () => {
    const email = uniqueEmail("journey");
    const client = await api().signIn(email);
    expect((await client.request<Me>("GET", "/api/me")).body).toMatchObject({ profile: null, teams: [] });
    await client.request("PUT", "/api/profile", { body: { firstName: "Grace", lastName: "Hopper" } });
    await client.request("POST", "/api/teams", { body: { name: "Compilers" } });
    const me = await client.request<Me>("GET", "/api/me");
    expect(me.body).toMatchObject({
      user: { email },
      profile: { firstName: "Grace", lastName: "Hopper" },
      teams: [{ name: "Compilers", role: "owner" }],
    });
  });
});
