import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { domainTxtName, SSO_ERRORS } from "../../src/shared/schemas/sso.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildTeam, buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { type OidcIdp, startOidcIdp } from "../helpers/oidc-idp.ts";
import { openCallback, signInWithSso, startSso, throughIdp } from "../helpers/sso.ts";
import {
  activityOf,
  freshDomain,
  membersOf,
  type Owner,
  ssoAppForThisFile,
  ssoError,
  verifiedDomain,
} from "../helpers/sso-world.ts";

const { api, dns } = ssoAppForThisFile();
let idp: OidcIdp;

beforeAll(async () => {
  idp = await startOidcIdp({ redirectUri: `${api().app.url}/sso/oidc/callback` });
});
afterAll(async () => {
  await idp?.close();
});

async function saveOidc(owner: Owner, body: Record<string, unknown> = {}) {
  const saved = await call(owner.owner, contract.sso.save, {
    params: { teamId: owner.teamId },
    body: {
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ...body,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

/** A team with a verified domain and single sign-on through the test provider. */
async function ssoTeam(settings: Record<string, unknown> = {}) {
  const owner = await ownerWithProject(api());
  const domain = freshDomain("corp");
  await verifiedDomain(dns(), owner, domain);
  await saveOidc(owner, settings);
  return { ...owner, domain };
}

const activityKinds = (owner: Owner) => activityOf(api(), owner);

describe("verified domains", () => {
  it("verifies a domain by its TXT record, once another team has not", async () => {
    const owner = await ownerWithProject(api());
    const domain = freshDomain("corp");
    const added = await call(owner.owner, contract.sso.addDomain, {
      params: { teamId: owner.teamId },
      body: { domain: ` https://${domain.toUpperCase()}/login ` },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ domain, verified: false, txtName: domainTxtName(domain) });
    expect(added.body.txtValue).toMatch(/^sprog-verification=[\w-]{20,}$/);

    // Not published yet, then published with the wrong value: still not verified.
    const early = await fail(owner.owner, contract.sso.verifyDomain, {
      params: { teamId: owner.teamId, domainId: added.body.id },
    });
    expect(early).toMatchObject({ status: 400, body: { error: { message: SSO_ERRORS.txtMissing } } });
    dns().setTxt(added.body.txtName, ["sprog-verification=someone-else"]);
    expect(
      await fail(owner.owner, contract.sso.verifyDomain, {
        params: { teamId: owner.teamId, domainId: added.body.id },
      }),
    ).toMatchObject({ status: 400 });

    dns().setTxt(added.body.txtName, ["v=spf1 -all", added.body.txtValue]);
    const verified = await call(owner.owner, contract.sso.verifyDomain, {
      params: { teamId: owner.teamId, domainId: added.body.id },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.verified).toBe(true);
    expect((await activityKinds(owner)).map((row) => row.kind)).toContain("sso.domain_verified");

    // Another team cannot claim it.
    const other = await ownerWithProject(api());
    const taken = await fail(other.owner, contract.sso.addDomain, {
      params: { teamId: other.teamId },
      body: { domain },
    });
    expect(taken).toMatchObject({ status: 409, body: { error: { message: SSO_ERRORS.domainTaken } } });
  });

  it("is the owner's alone, and refuses what is not a domain", async () => {
    const owner = await ownerWithProject(api());
    const admin = await memberOf(api(), owner.teamId, "admin");
    expect(
      await fail(admin.client, contract.sso.addDomain, {
        params: { teamId: owner.teamId },
        body: { domain: "a.example" },
      }),
    ).toMatchObject({ status: 403 });
    expect(await fail(admin.client, contract.sso.get, { params: { teamId: owner.teamId } })).toMatchObject({
      status: 403,
    });
    for (const domain of ["", "localhost", "not a domain", "a..b.example", "-a.example"]) {
      expect(
        await fail(owner.owner, contract.sso.addDomain, {
          params: { teamId: owner.teamId },
          body: { domain },
        }),
      ).toMatchObject({ status: 400 });
    }
  });
});

describe("OIDC settings", () => {
  it("reads the issuer's discovery document before saving, and keeps the client secret encrypted", async () => {
    const owner = await ownerWithProject(api());
    const wrong = await fail(owner.owner, contract.sso.save, {
      params: { teamId: owner.teamId },
      body: { oidc: { issuer: `${idp.issuer}/nowhere`, clientId: "x", clientSecret: "y" } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain("Could not read the provider's discovery document");

    const saved = await saveOidc(owner, {
      roleMappings: [{ group: "sprog-admins", role: "admin" }],
    });
    expect(saved.settings).toMatchObject({
      enabled: true,
      enforced: false,
      defaultRole: "reviewer",
      oidc: { issuer: idp.issuer, clientId: idp.clientId, hasClientSecret: true },
    });
    expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
    expect(saved.redirectUri).toBe(`${api().app.url}/sso/oidc/callback`);
    const row = await api()
      .db.selectFrom("team_sso")
      .select("oidc_client_secret")
      .where("team_id", "=", owner.teamId)
      .executeTakeFirstOrThrow();
    expect(row.oidc_client_secret).not.toContain(idp.clientSecret);

    // An empty secret keeps the stored one.
    const again = await saveOidc(owner, {
      enforced: true,
      oidc: { issuer: idp.issuer, clientId: idp.clientId },
    });
    expect(again.settings?.enforced).toBe(true);
    expect((await activityKinds(owner)).filter((row) => row.kind === "sso.changed")).toHaveLength(2);
  });
});

describe("signing in through the team's provider", () => {
  it("sends an address at a verified domain to the provider; the first sign-in joins with the mapped role, the second reuses it", async () => {
    const team = await ssoTeam({ roleMappings: [{ group: "sprog-admins", role: "admin" }] });
    const email = `ada@${team.domain}`;
    idp.signInAs({ email, name: "Ada Lovelace", groups: ["staff", "sprog-admins"] });

    const browser = api().client();
    const url = await startSso(browser, email);
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    const landed = await openCallback(browser, await throughIdp(url, api().app.url));
    const request = idp.requests.at(-1);
    expect(request?.get("code_challenge_method")).toBe("S256");
    expect(request?.get("login_hint")).toBe(email);
    expect(landed).toEqual({ status: 302, location: "/user-info" });

    const me = await call(browser, contract.auth.me, undefined);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.teams.map((team) => team.id)).toContain(team.teamId);
    const member = (await membersOf(team)).find((row) => row.email === email);
    expect(member?.role).toBe("admin");

    // A second sign-in, in another browser: the same user, still one membership.
    idp.signInAs({ email, name: "Ada Lovelace", groups: ["sprog-admins"] });
    const second = api().client();
    expect((await signInWithSso(second, email, api().app.url)).status).toBe(302);
    const meAgain = await call(second, contract.auth.me, undefined);
    expect(meAgain.body.user.id).toBe(me.body.user.id);
    expect((await membersOf(team)).filter((row) => row.email === email)).toHaveLength(1);

    const kinds = (await activityKinds(team)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === "member.joined")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "sso.signed_in")).toHaveLength(2);
  });

  it("joins with the default role when no group maps, and follows the provider's groups later", async () => {
    const team = await ssoTeam({ roleMappings: [{ group: "sprog-admins", role: "admin" }] });
    const email = `grace@${team.domain}`;
    idp.signInAs({ email, groups: ["staff"] });
    expect((await signInWithSso(api().client(), email, api().app.url)).status).toBe(302);
    expect((await membersOf(team)).find((row) => row.email === email)?.role).toBe("reviewer");

    idp.signInAs({ email, groups: "staff sprog-admins" as unknown as string[] });
    expect((await signInWithSso(api().client(), email, api().app.url)).status).toBe(302);
    expect((await membersOf(team)).find((row) => row.email === email)?.role).toBe("admin");
  });

  it("does not let someone removed in Sprog back in at their next sign-in; an invite does", async () => {
    const team = await ssoTeam();
    const email = `ivan@${team.domain}`;
    idp.signInAs({ email });
    expect((await signInWithSso(api().client(), email, api().app.url)).location).toBe("/user-info");
    const member = (await membersOf(team)).find((row) => row.email === email);
    if (!member) throw new Error("the first sign-in made no member");
    const removed = await call(team.owner, contract.teams.removeMember, {
      params: { teamId: team.teamId, memberId: member.id },
    });
    expect(removed.status).toBe(204);

    const browser = api().client();
    const refused = await signInWithSso(browser, email, api().app.url);
    expect(ssoError(refused.location)).toBe("removed");
    expect((await call(browser, contract.auth.session, undefined)).body.me).toBeNull();
    expect((await membersOf(team)).some((row) => row.email === email)).toBe(false);

    const invited = await call(team.owner, contract.teams.invite, {
      params: { teamId: team.teamId },
      body: { email, role: "reviewer" },
    });
    expect(invited.status).toBe(201);
    expect((await signInWithSso(api().client(), email, api().app.url)).status).toBe(302);
    expect((await membersOf(team)).find((row) => row.email === email)?.role).toBe("reviewer");
  });

  it("never redirects an unverified domain, nor one whose team turned single sign-on off", async () => {
    const owner = await ownerWithProject(api());
    const domain = freshDomain("corp");
    await call(owner.owner, contract.sso.addDomain, { params: { teamId: owner.teamId }, body: { domain } });
    await saveOidc(owner);
    const sent = await call(api().client(), contract.auth.sendCode, { body: { email: `eve@${domain}` } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sent: true });

    const team = await ssoTeam({ enabled: false });
    const off = await call(api().client(), contract.auth.sendCode, { body: { email: `bob@${team.domain}` } });
    expect(off.body).toMatchObject({ sent: true });
  });

  it("enforced: refuses e-mail codes at the domain but to the owner, whose sign-in the feed records", async () => {
    const owner = await ownerWithProject(api());
    const domain = freshDomain("corp");
    // The owner's own address is at the domain: the break-glass path.
    const ownerUser = await buildUser(api().app, { email: `root@${domain}` });
    const ownerClient = await signInAs(ownerUser);
    const team = await buildTeam(ownerClient, { name: "Enforced" });
    const held = { ...owner, owner: ownerClient, teamId: team.id };
    await verifiedDomain(dns(), held, domain);
    await saveOidc(held, { enforced: true });

    const member = `carol@${domain}`;
    const refused = await fail(api().client(), contract.auth.sendCode, {
      body: { email: member, withCode: true },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: { message: SSO_ERRORS.enforcedRefused } } });
    // Without asking for a code, the address goes to the provider.
    expect(
      (await call(api().client(), contract.auth.sendCode, { body: { email: member } })).body,
    ).toMatchObject({
      sent: false,
    });

    // The owner asks for a code on purpose (the sign-in page's "Use an e-mail code instead").
    const glass = api().client();
    const sent = await call(glass, contract.auth.sendCode, {
      body: { email: `root@${domain}`, withCode: true },
    });
    expect(sent.body).toMatchObject({ sent: true });
    const code = await api().mail.codeFor(`root@${domain}`);
    expect(
      (await call(glass, contract.auth.verify, { body: { email: `root@${domain}`, code } })).status,
    ).toBe(200);
    expect((await call(glass, contract.auth.me, undefined)).body.user.email).toBe(`root@${domain}`);
    const entries = await activityKinds(held);
    expect(entries.find((row) => row.kind === "sso.break_glass")?.user_id).toBe(ownerUser.id);
  });
});

describe("when the provider cannot be reached", () => {
  it("answers no URL, and still gives the owner a code under enforcement (break-glass)", async () => {
    const team = await ssoTeam({ enforced: true });
    // The provider moved away since it was saved (its discovery document is read again).
    await api()
      .db.updateTable("team_sso")
      .set({ oidc_issuer: "http://127.0.0.1:9/gone" })
      .where("team_id", "=", team.teamId)
      .execute();
    const sent = await call(api().client(), contract.auth.sendCode, {
      body: { email: `zoe@${team.domain}` },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: false, sso: { url: null, teamName: "Team" } });
    expect(sent.headers.getSetCookie().join()).not.toContain("sprog_sso_state");
    expect(
      await fail(api().client(), contract.auth.sendCode, {
        body: { email: `zoe@${team.domain}`, withCode: true },
      }),
    ).toMatchObject({ status: 403 });
  });
});

describe("refused answers from the provider", () => {
  it("refuses a callback from another browser (state cookie), a replayed one, and a changed nonce", async () => {
    const team = await ssoTeam();
    const email = `mallory@${team.domain}`;
    idp.signInAs({ email });

    // The victim's browser opens a callback the attacker started: it has no state cookie.
    const attacker = api().client();
    const callback = await throughIdp(await startSso(attacker, email), api().app.url);
    const victim = api().client();
    const stolen = await openCallback(victim, callback);
    expect(stolen.status).toBe(302);
    expect(ssoError(stolen.location)).toBe("browser");
    expect((await call(victim, contract.auth.session, undefined)).body.me).toBeNull();

    // The right browser, once: a second use of the same answer is refused.
    const browser = api().client();
    const url = await startSso(browser, email);
    const answer = await throughIdp(url, api().app.url);
    const cookie = browser.cookie;
    expect((await openCallback(browser, answer)).location).toBe("/user-info");
    const replay = api().client();
    replay.cookie = cookie;
    const replayed = await openCallback(replay, answer);
    expect(ssoError(replayed.location)).toBe("used");

    // A nonce that is not the ID token's (as a token minted for another sign-in would carry).
    const third = api().client();
    const started = await startSso(third, email);
    const state = new URL(started).searchParams.get("state") ?? "";
    await api()
      .db.updateTable("sso_sign_ins")
      .set({ nonce: "not-the-nonce" })
      .where("state", "=", state)
      .execute();
    const wrongNonce = await openCallback(third, await throughIdp(started, api().app.url));
    expect(ssoError(wrongNonce.location)).toBe("failed");
    expect((await call(third, contract.auth.session, undefined)).body.me).toBeNull();
  });

  it("refuses an ID token for another client (audience), from another issuer, or expired", async () => {
    const team = await ssoTeam();
    const email = `trent@${team.domain}`;
    idp.signInAs({ email });
    for (const changes of [
      { aud: "another-app" },
      { iss: "https://evil.example" },
      { exp: Math.floor(Date.now() / 1000) - 3600 },
    ]) {
      const browser = api().client();
      const url = await startSso(browser, email);
      idp.alterNextIdToken(changes);
      const answer = await openCallback(browser, await throughIdp(url, api().app.url));
      expect(ssoError(answer.location), JSON.stringify(changes)).toBe("failed");
      expect((await call(browser, contract.auth.session, undefined)).body.me).toBeNull();
    }
    // Re-signed unchanged, the token signs in: the refusals above were the claims'.
    const browser = api().client();
    const url = await startSso(browser, email);
    idp.alterNextIdToken({});
    expect((await openCallback(browser, await throughIdp(url, api().app.url))).status).toBe(302);
    expect((await call(browser, contract.auth.session, undefined)).body.me?.user.email).toBe(email);
  });

  it("refuses an address outside the team's verified domains and an unverified e-mail", async () => {
    const team = await ssoTeam();
    const browser = api().client();
    const url = await startSso(browser, `dan@${team.domain}`);
    idp.signInAs({ email: "dan@elsewhere.example" });
    const outside = await openCallback(browser, await throughIdp(url, api().app.url));
    expect(ssoError(outside.location)).toBe("other_domain");

    const second = api().client();
    const url2 = await startSso(second, `dan@${team.domain}`);
    idp.signInAs({ email: `dan@${team.domain}`, emailVerified: false });
    const unverified = await openCallback(second, await throughIdp(url2, api().app.url));
    expect(ssoError(unverified.location)).toBe("no_email");
    expect((await call(second, contract.auth.session, undefined)).body.me).toBeNull();
  });
});
