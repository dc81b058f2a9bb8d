import { contract } from "../../../src/shared/contract/index.ts";
import { call } from "../contract-client.ts";
import type { TestDnsServer } from "../dns-server.ts";
import type { OidcIdp } from "../oidc-idp.ts";
import { byPermission, endpointCase, everyone, type Fixture, type RouteCase } from "./matrix.ts";

/** The identity provider and DNS server the matrix's app was started with (route-permissions.test.ts). */
export const SSO_WORLD: { idp?: OidcIdp; dns?: TestDnsServer } = {};

let domains = 0;

/** A domain the fixture team's owner added (not yet verified), with its TXT record published. */
async function freshDomain(f: Fixture): Promise<string> {
  const domain = `matrix${++domains}-${Date.now().toString(36)}.example`;
  const added = await call(f.owner, contract.sso.addDomain, {
    params: { teamId: f.teamId },
    body: { domain },
  });
  if (added.status !== 201) throw new Error(`adding a domain failed: ${JSON.stringify(added.body)}`);
  SSO_WORLD.dns?.setTxt(added.body.txtName, [added.body.txtValue]);
  return added.body.id;
}

function oidcBody() {
  const idp = SSO_WORLD.idp;
  if (!idp) throw new Error("the route matrix's app has no test identity provider");
  return { oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } };
}

/** The fixture team's single sign-on, saved by its owner (what DELETE removes). */
async function savedSso(f: Fixture): Promise<void> {
  const saved = await call(f.owner, contract.sso.save, { params: { teamId: f.teamId }, body: oidcBody() });
  if (saved.status !== 200) throw new Error(`saving single sign-on failed: ${JSON.stringify(saved.body)}`);
}

/**
 * Rows of the route × role matrix: a team's single sign-on (issue 38), the owner's alone. The
 * pages that finish a sign-in (the OIDC callback, the SAML ACS and finish page) answer everyone
 * with a redirect (to the sign-in page, for a made-up answer); a SAML team's SP metadata is public.
 */
export const SSO_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.sso.get,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("team.manageSettings", 200),
  }),
  endpointCase({
    endpoint: contract.sso.save,
    input: (f) => ({ params: { teamId: f.teamId }, body: oidcBody() }),
    expected: byPermission("team.manageSettings", 200),
  }),
  // Before `remove`, which sets OIDC up again and removes it: the team is left without SSO.
  {
    route: "GET /sso/saml/:teamId/metadata",
    path: (f) => `/sso/saml/${f.teamId}/metadata`,
    expected: everyone(200),
  },
  endpointCase({
    endpoint: contract.sso.remove,
    input: async (f) => {
      await savedSso(f);
      return { params: { teamId: f.teamId } };
    },
    expected: byPermission("team.manageSettings", 200),
  }),
  endpointCase({
    endpoint: contract.sso.addDomain,
    input: (f) => ({
      params: { teamId: f.teamId },
      body: { domain: `add${++domains}-${Date.now().toString(36)}.example` },
    }),
    expected: byPermission("team.manageSettings", 201),
  }),
  endpointCase({
    endpoint: contract.sso.verifyDomain,
    input: async (f) => ({ params: { teamId: f.teamId, domainId: await freshDomain(f) } }),
    expected: byPermission("team.manageSettings", 200),
  }),
  endpointCase({
    endpoint: contract.sso.removeDomain,
    input: async (f) => ({ params: { teamId: f.teamId, domainId: await freshDomain(f) } }),
    expected: byPermission("team.manageSettings", 204),
  }),
  {
    route: "GET /sso/oidc/callback",
    path: () => "/sso/oidc/callback?state=made-up&code=made-up",
    expected: everyone(302),
  },
  {
    route: "POST /sso/saml/:teamId/acs",
    path: (f) => `/sso/saml/${f.teamId}/acs`,
    body: () => {
      const form = new FormData();
      form.set("SAMLResponse", Buffer.from("<samlp:Response/>").toString("base64"));
      form.set("RelayState", "made-up");
      return form;
    },
    expected: everyone(303),
  },
  {
    route: "GET /sso/saml/finish",
    path: () => "/sso/saml/finish?state=made-up",
    expected: everyone(302),
  },
];
