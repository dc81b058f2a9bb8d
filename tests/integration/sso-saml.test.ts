import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { SSO_ERRORS, type SsoSignInErrorCode } from "../../src/shared/schemas/sso.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { type OidcIdp, startOidcIdp } from "../helpers/oidc-idp.ts";
import { certificateOf, idpMetadata, type SamlIdp, startSamlIdp } from "../helpers/saml-idp.ts";
import {
  type IdpForm,
  openCallback,
  postToAcs,
  signInWithSaml,
  startSso,
  throughSamlIdp,
} from "../helpers/sso.ts";
import {
  activityOf,
  freshDomain,
  membersOf,
  type Owner,
  sessionOf,
  ssoAppForThisFile,
  ssoError,
  verifiedDomain,
} from "../helpers/sso-world.ts";

const { api, dns } = ssoAppForThisFile();
let idp: SamlIdp;
let oidc: OidcIdp;

beforeAll(async () => {
  idp = await startSamlIdp();
  oidc = await startOidcIdp({ redirectUri: `${api().app.url}/sso/oidc/callback` });
});
afterAll(async () => {
  await idp?.close();
  await oidc?.close();
});

/** The refusal's code as the callback sends it to the sign-in page (which shows our sentence). */
const FAILED: SsoSignInErrorCode = "failed";

async function saveSaml(owner: Owner, body: Record<string, unknown> = {}) {
  const saved = await call(owner.owner, contract.sso.save, {
    params: { teamId: owner.teamId },
    body: { protocol: "saml", saml: { metadataUrl: idp.metadataUrl }, ...body },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

/** A team with a verified domain and single sign-on through the test SAML IdP, which trusts it. */
async function samlTeam(settings: Record<string, unknown> = {}) {
  const owner = await ownerWithProject(api());
  const domain = freshDomain("saml");
  await verifiedDomain(dns(), owner, domain);
  const saved = await saveSaml(owner, settings);
  await idp.trust(saved.sp.metadataUrl);
  return { ...owner, domain, sp: saved.sp };
}

const activityKinds = async (owner: Owner) => (await activityOf(api(), owner)).map((row) => row.kind);

/** The IdP's form with the SAMLResponse's XML changed by `change`, as an attacker would send it. */
function altered(form: IdpForm, change: (xml: string) => string): IdpForm {
  const xml = Buffer.from(form.fields.SAMLResponse ?? "", "base64").toString("utf8");
  const changed = change(xml);
  expect(changed).not.toBe(xml);
  return { ...form, fields: { ...form.fields, SAMLResponse: Buffer.from(changed).toString("base64") } };
}

describe("SAML settings", () => {
  it("saves the IdP by its metadata URL and answers what to paste into the IdP; the SP metadata names it", async () => {
    const owner = await ownerWithProject(api());
    const base = `${api().app.url}/sso/saml/${owner.teamId}`;
    // Served before SAML is set up (the IdP's admin registers Sprog first), and for any id of a
    // team's shape: it tells nothing of whether a team exists.
    const early = await fetch(`${base}/metadata`);
    expect(early.status).toBe(200);
    const earlyXml = await early.text();
    expect(earlyXml).toContain(`entityID="${base}"`);
    const nobody = await fetch(`${api().app.url}/sso/saml/no-such-team/metadata`);
    expect(nobody.status).toBe(200);
    expect(await nobody.text()).toContain(`entityID="${api().app.url}/sso/saml/no-such-team"`);
    expect((await fetch(`${api().app.url}/sso/saml/${encodeURIComponent("a<b>")}/metadata`)).status).toBe(
      404,
    );

    const saved = await saveSaml(owner, { roleMappings: [{ group: "sprog-admins", role: "admin" }] });
    expect(saved.settings).toMatchObject({
      protocol: "saml",
      enabled: true,
      oidc: null,
      saml: {
        idpEntityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificateCount: 1,
        metadataUrl: idp.metadataUrl,
      },
    });
    expect(saved.sp).toEqual({ entityId: base, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` });

    const metadata = await fetch(saved.sp.metadataUrl);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get("content-type")).toContain("xml");
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${base}"`);
    expect(xml).toContain(`Location="${base}/acs"`);
    expect(xml).toContain("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST");
    expect(xml).toContain('WantAssertionsSigned="true"');

    const got = await call(owner.owner, contract.sso.get, { params: { teamId: owner.teamId } });
    expect(got.body).toEqual(saved);
    expect(await activityKinds(owner)).toContain("sso.changed");
  });

  it("saves the IdP by its metadata XML, whatever the namespace prefix, and replaces an OIDC provider", async () => {
    const owner = await ownerWithProject(api());
    const withOidc = await call(owner.owner, contract.sso.save, {
      params: { teamId: owner.teamId },
      body: { oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret } },
    });
    expect(withOidc.status, JSON.stringify(withOidc.body)).toBe(200);
    expect(withOidc.body.settings).toMatchObject({ protocol: "oidc", saml: null });

    for (const variant of [
      { prefix: "md" },
      { prefix: "saml2" },
      { prefix: "" },
      { prefix: "md", wrapped: true },
    ]) {
      const saved = await saveSaml(owner, { saml: { metadataXml: idpMetadata(idp, variant) } });
      expect(saved.settings, JSON.stringify(variant)).toMatchObject({
        protocol: "saml",
        oidc: null,
        // The HTTP-Redirect location over the HTTP-POST one; the encryption key is not a signing key.
        saml: { idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl, certificateCount: 1, metadataUrl: null },
      });
    }
    const row = await api()
      .db.selectFrom("team_sso")
      .selectAll()
      .where("team_id", "=", owner.teamId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ protocol: "saml", oidc_issuer: null, oidc_client_secret: null });
    expect(row.saml_metadata_xml).toContain("EntitiesDescriptor");

    // Neither XML nor URL: the stored metadata is kept (as an empty client secret keeps the secret).
    const kept = await saveSaml(owner, { enforced: true, saml: {} });
    expect(kept.settings).toMatchObject({ enforced: true, saml: { idpEntityId: idp.entityId } });
  });

  it("refuses what is not metadata, metadata without a signing certificate, and a URL that does not answer", async () => {
    const owner = await ownerWithProject(api());
    const refusal = async (saml: Record<string, unknown>) => {
      const refused = await fail(owner.owner, contract.sso.save, {
        params: { teamId: owner.teamId },
        body: { protocol: "saml", saml } as never,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      return refused.body.error.message;
    };
    expect(await refusal({ metadataXml: "this is not XML" })).toContain(SSO_ERRORS.samlNotMetadata);
    expect(await refusal({ metadataXml: "<html><body>Sign in</body></html>" })).toContain(
      SSO_ERRORS.samlNotMetadata,
    );
    const noKeys = idpMetadata(idp, {
      prefix: "md",
      keys: `<md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateOf("idp.crt")}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
    });
    expect(await refusal({ metadataXml: noKeys })).toContain(SSO_ERRORS.samlNoCertificate);
    const entity = `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${idpMetadata(idp)}`;
    expect(await refusal({ metadataXml: entity })).toContain(SSO_ERRORS.samlNotMetadata);
    expect(await refusal({ metadataUrl: `${idp.metadataUrl}/nowhere` })).toContain(
      "Could not read the metadata",
    );
    expect(await refusal({ metadataUrl: idp.metadataUrl, metadataXml: idp.metadataXml })).toBe(
      SSO_ERRORS.samlMetadataBoth,
    );
    expect(await refusal({})).toBe(SSO_ERRORS.samlMetadataRequired);
    const row = await api()
      .db.selectFrom("team_sso")
      .select("team_id")
      .where("team_id", "=", owner.teamId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe("signing in through the team's SAML IdP", () => {
  it("sends the address to the IdP; the first sign-in joins with the role its groups map to, the second reuses the user", async () => {
    const team = await samlTeam({ roleMappings: [{ group: "sprog-admins", role: "admin" }] });
    const email = `ada@${team.domain}`;
    idp.signInAs({ email, name: "Ada Lovelace", groups: ["staff", "sprog-admins"] });

    const browser = api().client();
    const sent = await call(browser, contract.auth.sendCode, { body: { email } });
    expect(sent.body).toMatchObject({ sent: false });
    // The state cookie now reaches both flows' pages under /sso.
    expect(sent.headers.getSetCookie().join("\n")).toMatch(/sprog_sso_state=[^;]+;.*Path=\/sso(;|$)/im);
    const url = sent.body.sent ? "" : (sent.body.sso.url ?? "");
    expect(url.startsWith(`${idp.ssoUrl}?`)).toBe(true);
    const relayState = new URL(url).searchParams.get("RelayState") ?? "";
    expect(browser.cookie).toContain(`sprog_sso_state=${relayState}`);

    const form = await throughSamlIdp(url);
    expect(form.action).toBe(team.sp.acsUrl);
    expect(idp.requests.at(-1)).toContain(`AssertionConsumerServiceURL="${team.sp.acsUrl}"`);
    const posted = await postToAcs(form);
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/sso/saml/finish?state=${encodeURIComponent(relayState)}`);
    const landed = await openCallback(browser, new URL(posted.location, api().app.url));
    expect(landed).toEqual({ status: 302, location: "/user-info" });

    const me = await call(browser, contract.auth.me, undefined);
    expect(me.body.user.email).toBe(email);
    expect(me.body.teams.map((row) => row.id)).toContain(team.teamId);
    expect((await membersOf(team)).find((row) => row.email === email)?.role).toBe("admin");
    const user = await api()
      .db.selectFrom("users")
      .select("name")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe("Ada Lovelace");

    // A second sign-in, in another browser, with the response signed as well as the assertion.
    idp.signWith("assertion-and-response");
    try {
      const second = api().client();
      expect(await signInWithSaml(second, email, api().app.url)).toEqual({
        status: 302,
        location: "/user-info",
      });
      expect((await call(second, contract.auth.me, undefined)).body.user.id).toBe(me.body.user.id);
    } finally {
      idp.signWith("assertion");
    }
    expect((await membersOf(team)).filter((row) => row.email === email)).toHaveLength(1);
    const kinds = await activityKinds(team);
    expect(kinds.filter((kind) => kind === "member.joined")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "sso.signed_in")).toHaveLength(2);
    // Nothing of the sign-ins is left behind.
    const left = await api()
      .db.selectFrom("sso_sign_ins")
      .select("state")
      .where("team_id", "=", team.teamId)
      .execute();
    expect(left).toEqual([]);
  });

  it("joins with the default role when no group maps", async () => {
    const team = await samlTeam({ roleMappings: [{ group: "sprog-admins", role: "admin" }] });
    const email = `grace@${team.domain}`;
    idp.signInAs({ email, groups: ["staff"] });
    expect((await signInWithSaml(api().client(), email, api().app.url)).status).toBe(302);
    expect((await membersOf(team)).find((row) => row.email === email)?.role).toBe("reviewer");
  });
});

describe("refused answers from the SAML IdP", () => {
  /** Starts a sign-in in `browser` and goes through the IdP: the form its page would submit. */
  async function idpForm(email: string, browser = api().client()) {
    return { browser, form: await throughSamlIdp(await startSso(browser, email)) };
  }

  /** The POST was refused: back to the sign-in page with a reason, and the browser has no session. */
  async function expectRefused(
    posted: { status: number; location: string },
    browser: ReturnType<ReturnType<typeof api>["client"]>,
  ) {
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/login\?sso_error=/);
    expect(await sessionOf(browser)).toBeNull();
    return ssoError(posted.location);
  }

  it("refuses an assertion altered after signing, one signed by another key, and an unsigned one", async () => {
    const team = await samlTeam();
    const email = `ada@${team.domain}`;
    idp.signInAs({ email });

    const tampered = await idpForm(email);
    const changed = altered(tampered.form, (xml) => xml.replaceAll(email, `eve@${team.domain}`));
    expect(await expectRefused(await postToAcs(changed), tampered.browser)).toBe(FAILED);

    for (const signing of ["attacker", "response-only"] as const) {
      idp.signWith(signing);
      try {
        const forged = await idpForm(email);
        expect(await expectRefused(await postToAcs(forged.form), forged.browser), signing).toBe(FAILED);
      } finally {
        idp.signWith("assertion");
      }
    }
    // An answer without any signature at all.
    const stripped = await idpForm(email);
    const unsigned = altered(stripped.form, (xml) =>
      xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ""),
    );
    expect(await expectRefused(await postToAcs(unsigned), stripped.browser)).toBe(FAILED);
    expect((await membersOf(team)).map((row) => row.email)).not.toContain(`eve@${team.domain}`);
  });

  it("refuses a replayed response, also when both copies arrive at once", async () => {
    const team = await samlTeam();
    const email = `bob@${team.domain}`;
    idp.signInAs({ email });

    const { browser, form } = await idpForm(email);
    const first = await postToAcs(form);
    expect(first.location).toMatch(/^\/sso\/saml\/finish\?state=/);
    const replayed = await postToAcs(form);
    expect(await expectRefused(replayed, api().client())).not.toBe("");
    const cookie = browser.cookie;
    expect((await openCallback(browser, new URL(first.location, api().app.url))).location).toBe("/user-info");
    // The finish page is single-use too, even with the state cookie kept.
    const copy = api().client();
    copy.cookie = cookie;
    const again = await openCallback(copy, new URL(first.location, api().app.url));
    expect(ssoError(again.location)).toBe("used");
    expect(await sessionOf(copy)).toBeNull();

    const racing = await idpForm(email);
    const both = await Promise.all([postToAcs(racing.form), postToAcs(racing.form)]);
    expect(both.filter((answer) => answer.location.startsWith("/sso/saml/finish")).length).toBe(1);
  });

  it("refuses a response posted to another team's ACS, and an address outside the verified domains", async () => {
    const team = await samlTeam();
    const other = await samlTeam();
    const email = `carol@${team.domain}`;
    idp.signInAs({ email });

    const { browser, form } = await idpForm(email);
    const elsewhere = { ...form, action: other.sp.acsUrl };
    expect(await expectRefused(await postToAcs(elsewhere), browser)).toBe("used");
    // The misdirected copy did not spend the sign-in at its own team.
    const posted = await postToAcs(form);
    expect((await openCallback(browser, new URL(posted.location, api().app.url))).location).toBe(
      "/user-info",
    );

    // The IdP vouches for an address at another domain than the one typed.
    idp.signInAs({ email: "dan@elsewhere.example" });
    const outside = await idpForm(`dan@${team.domain}`);
    expect(await expectRefused(await postToAcs(outside.form), outside.browser)).toBe("other_domain");
  });

  it("refuses an answer the IdP started (no RelayState) and one over 1 MB", async () => {
    const team = await samlTeam();
    const email = `eve@${team.domain}`;
    idp.signInAs({ email });
    const { browser, form } = await idpForm(email);
    const idpInitiated = { ...form, fields: { SAMLResponse: form.fields.SAMLResponse ?? "" } };
    expect(await expectRefused(await postToAcs(idpInitiated), browser)).toBe("unsolicited");
    const huge = { ...form, fields: { ...form.fields, padding: "x".repeat(1024 * 1024) } };
    expect(await expectRefused(await postToAcs(huge), browser)).toBe("too_large");
    // Neither spent the sign-in: the IdP's real answer still signs in.
    const posted = await postToAcs(form);
    expect((await openCallback(browser, new URL(posted.location, api().app.url))).location).toBe(
      "/user-info",
    );
  });

  it("refuses the finish page in a browser without the state cookie", async () => {
    const team = await samlTeam();
    const email = `mallory@${team.domain}`;
    idp.signInAs({ email });

    const { browser, form } = await idpForm(email);
    const posted = await postToAcs(form);
    const finish = new URL(posted.location, api().app.url);
    const victim = api().client();
    const stolen = await openCallback(victim, finish);
    expect(stolen.status).toBe(302);
    expect(ssoError(stolen.location)).toBe("browser");
    expect(await sessionOf(victim)).toBeNull();
    // The browser that started it still finishes.
    expect((await openCallback(browser, finish)).location).toBe("/user-info");
  });
});
