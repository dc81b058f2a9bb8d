import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createAuth } from "../../src/server/auth/auth.ts";
import type { EventBus } from "../../src/server/events/event-bus.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { createAccess } from "../../src/server/teams/access.ts";
import { createTeamService } from "../../src/server/teams/service.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildUser, signInAs } from "../helpers/factories.ts";

/**
 * Teams, members and invites have one owner, our teams services: creating a team writes the team
 * and its owner's membership itself, in one transaction, with nothing of better-auth's organization
 * plugin in between (it was configured, never mounted, and checked nothing).
 */
const api = apiAppForThisFile();

describe("creating a team", () => {
  it("writes the team and its owner's membership, and none of better-auth's organization columns", async () => {
    const user = await buildUser(api().app);
    const owner = await signInAs(user);

    const created = await call(owner, contract.teams.create, { body: { name: "Ünïcode Team" } });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Ünïcode Team", role: "owner" });
    const { db } = api();
    const team = await db
      .selectFrom("teams")
      .selectAll()
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    // Only what Sprog reads: better-auth's organization columns (slug, logo, metadata) are gone.
    expect(Object.keys(team).sort()).toEqual(["created_at", "id", "name", "tov_product_context", "tov_tone"]);
    const members = await db
      .selectFrom("members")
      .innerJoin("users", "users.id", "members.user_id")
      .select(["users.email", "members.role"])
      .where("members.team_id", "=", team.id)
      .execute();
    expect(members).toEqual([{ email: user.email, role: "owner" }]);
  });

  it("leaves no team behind when its membership cannot be written", async () => {
    const { db } = api();
    const teams = createTeamService({
      db,
      access: createAccess(db),
      // Creating a team publishes nothing.
      events: {} as EventBus,
      logger: pino({ level: "silent" }),
    });
    const name = `Orphan ${crypto.randomUUID()}`;

    // A user that does not exist: the membership's foreign key refuses it, after the team was inserted.
    const refused = await teams
      .create({ id: "no-such-user", email: "nobody@example.com" }, { name })
      .catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: "internal", message: "Failed to create team" });
    expect(await db.selectFrom("teams").select("id").where("name", "=", name).execute()).toEqual([]);
  });

  it("is not better-auth's to do: its organization API is gone", () => {
    const logger = pino({ level: "silent" });
    const auth = createAuth({
      db: api().db,
      publicUrl: "http://127.0.0.1",
      secret: "s".repeat(32),
      mailer: createMailer({ smtpUrl: undefined, from: "Sprog <test@example.com>" }, logger),
      logger,
    });

    expect(Object.keys(auth.api).filter((name) => /organi[sz]ation|invit|member/i.test(name))).toEqual([]);
  });
});
