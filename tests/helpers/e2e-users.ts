import { randomUUID } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import type { AppServer } from "./app-server.ts";
import type { MailServer } from "./smtp.ts";

export interface E2ePerson {
  email: string;
  firstName: string;
  lastName: string;
}

/** Signs up through the API in `context` (code read from the test SMTP server), so the session
 * cookie lands in the browser context; then saves the profile. */
export async function signUpInContext(
  context: BrowserContext,
  app: AppServer,
  mail: MailServer,
  person: E2ePerson,
) {
  const sent = await context.request.post(`${app.url}/api/auth/code`, { data: { email: person.email } });
  expect(sent.status()).toBe(200);
  const code = await mail.codeFor(person.email, { timeoutMs: 15_000 });
  const verified = await context.request.post(`${app.url}/api/auth/verify`, {
    data: { email: person.email, code },
  });
  expect(verified.status()).toBe(200);
  const profile = await context.request.put(`${app.url}/api/profile`, {
    data: { firstName: person.firstName, lastName: person.lastName },
  });
  expect(profile.status()).toBe(200);
}

/** A team created by the user signed in to `context` (its owner); answers the team id. */
export async function createTeamInContext(
  context: BrowserContext,
  app: AppServer,
  name: string,
): Promise<string> {
  const team = await context.request.post(`${app.url}/api/teams`, { data: { name } });
  expect(team.status()).toBeLessThan(300);
  return ((await team.json()) as { id: string }).id;
}

/** Puts a signed-up user in a team with a role, straight in the database (as an accepted invite will). */
export async function joinTeam(app: AppServer, teamId: string, email: string, role: "admin" | "reviewer") {
  const db = app.server.database.db;
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await db
    .insertInto("members")
    .values({ id: randomUUID(), team_id: teamId, user_id: user.id, role })
    .execute();
}
