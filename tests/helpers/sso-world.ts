import { afterAll, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiApp, type ApiClient, apiAppForThisFile } from "./api-app.ts";
import { call } from "./contract-client.ts";
import { startDnsServer, type TestDnsServer } from "./dns-server.ts";
import type { ownerWithProject } from "./factories.ts";

/** An owner with a team and a project (`ownerWithProject`): whose team single sign-on is set up. */
export type Owner = Awaited<ReturnType<typeof ownerWithProject>>;

/**
 * The real server for a file of single sign-on tests, started with a test DNS server for domain
 * verification and `SSO_ALLOW_HTTP=1` (the tests' providers answer on http://127.0.0.1).
 */
export function ssoAppForThisFile(): { api: () => ApiApp; dns: () => TestDnsServer } {
  let dns: TestDnsServer | undefined;
  const api = apiAppForThisFile({
    env: async () => {
      dns = await startDnsServer();
      return { DNS_SERVERS: dns.address, SSO_ALLOW_HTTP: "1" };
    },
  });
  afterAll(async () => {
    await dns?.close();
  });
  return {
    api,
    dns: () => {
      if (!dns) throw new Error("ssoAppForThisFile(): only inside tests and hooks");
      return dns;
    },
  };
}

let domainCount = 0;
/** A domain of one test alone, so tests never share one. */
export const freshDomain = (prefix: string) => `${prefix}${++domainCount}-${Date.now().toString(36)}.example`;

/** The reason code a failed sign-in sent the browser back to the sign-in page with. */
export const ssoError = (location: string) =>
  new URLSearchParams(location.split("?")[1] ?? "").get("sso_error") ?? "";

/** Adds `domain` to the owner's team and verifies it through the test DNS server. */
export async function verifiedDomain(dns: TestDnsServer, owner: Owner, domain: string) {
  const added = await call(owner.owner, contract.sso.addDomain, {
    params: { teamId: owner.teamId },
    body: { domain },
  });
  expect(added.status).toBe(201);
  dns.setTxt(added.body.txtName, [added.body.txtValue]);
  const verified = await call(owner.owner, contract.sso.verifyDomain, {
    params: { teamId: owner.teamId, domainId: added.body.id },
  });
  expect(verified.status).toBe(200);
  expect(verified.body.verified).toBe(true);
  return verified.body;
}

export async function membersOf(owner: Owner) {
  const members = await call(owner.owner, contract.teams.listMembers, { params: { teamId: owner.teamId } });
  expect(members.status).toBe(200);
  return members.body.members;
}

/** The team's activity entries, oldest first. */
export function activityOf(api: ApiApp, owner: Owner) {
  return api.db
    .selectFrom("activity")
    .select(["kind", "user_id", "details"])
    .where("team_id", "=", owner.teamId)
    .orderBy("id")
    .execute();
}

/** Who the client's browser is signed in as (null: nobody). */
export const sessionOf = async (client: ApiClient) =>
  (await call(client, contract.auth.session, undefined)).body.me;
