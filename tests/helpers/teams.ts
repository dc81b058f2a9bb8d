import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { Me } from "../../src/shared/schemas/auth.ts";
import type { ApiApp, ApiClient } from "./api-app.ts";
import { call } from "./contract-client.ts";
import { addToTeam, buildTeam, buildUser, signInAs, uniqueEmail } from "./factories.ts";

// Shared setup of the Team API tests (team-api.test.ts, team-invites.test.ts).

/** A signed-in user with a profile (no code, no mail). */
export async function signedUp(api: ApiApp, email: string, firstName: string, lastName = "") {
  return signInAs(await buildUser(api.app, { email, firstName, lastName }));
}

/**
 * Signs in by e-mail code an address that already has mail (an invite): the code is read from the
 * mail after those. For the tests of joining by invite, which happens at this sign-in.
 */
export async function signInInvited(api: ApiApp, email: string): Promise<{ client: ApiClient; me: Me }> {
  const client = api.client();
  const before = api.mail.mailsTo(email).length;
  expect((await call(client, contract.auth.sendCode, { body: { email } })).status).toBe(200);
  const code = await api.mail.codeFor(email, { count: before + 1 });
  const verified = await call(client, contract.auth.verify, { body: { email, code } });
  expect(verified.status).toBe(200);
  return { client, me: verified.body };
}

/** An owner (Olga) with a team, an admin (Adam) and a reviewer (Rita) in it, and an outsider (Otto). */
export async function teamOfThree(api: ApiApp, teamName = "Crew") {
  const ownerEmail = uniqueEmail("owner");
  const owner = await signedUp(api, ownerEmail, "Olga", "Owner");
  const teamId = (await buildTeam(owner, { name: teamName })).id;
  const adminUser = await buildUser(api.app, {
    email: uniqueEmail("admin"),
    firstName: "Adam",
    lastName: "Admin",
  });
  await addToTeam(adminUser, teamId, "admin");
  const reviewerUser = await buildUser(api.app, {
    email: uniqueEmail("reviewer"),
    firstName: "Rita",
    lastName: "Reviewer",
  });
  await addToTeam(reviewerUser, teamId, "reviewer");
  const outsider = await signedUp(api, uniqueEmail("outsider"), "Otto");
  const members = await membersOf(owner, teamId);
  const idOf = (email: string) => members.find((m) => m.email === email)?.id ?? "";
  return {
    teamId,
    owner,
    admin: await signInAs(adminUser),
    reviewer: await signInAs(reviewerUser),
    outsider,
    ownerEmail,
    adminEmail: adminUser.email,
    reviewerEmail: reviewerUser.email,
    ownerId: idOf(ownerEmail),
    adminId: idOf(adminUser.email),
    reviewerId: idOf(reviewerUser.email),
  };
}

export const membersOf = async (client: ApiClient, teamId: string) =>
  (await call(client, contract.teams.listMembers, { params: { teamId } })).body.members;

export const invitesOf = async (client: ApiClient, teamId: string) =>
  (await call(client, contract.teams.listInvites, { params: { teamId } })).body.invites;
