import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import samlify from "samlify";

/** A person the test identity provider signs in, with the attributes it gives. */
export interface SamlAccount {
  email: string;
  name?: string;
  groups?: string[];
}

/**
 * How the IdP signs its next responses: the assertion (as Entra ID and Okta do by default), the
 * assertion and the response, only the response (the assertion itself unsigned), or the assertion
 * with the attacker's key (a forged answer).
 */
export type SamlSigning = "assertion" | "assertion-and-response" | "response-only" | "attacker";

export interface SamlIdp {
  entityId: string;
  /** Where the IdP serves its metadata (what an owner pastes as the metadata URL). */
  metadataUrl: string;
  metadataXml: string;
  /** Where it takes AuthnRequests (HTTP-Redirect). */
  ssoUrl: string;
  /** Who signs in at the next AuthnRequest (as if they typed their password). */
  signInAs(account: SamlAccount): void;
  signWith(signing: SamlSigning): void;
  /** Trusts a service provider by its metadata URL (what an admin registers at the IdP). */
  trust(spMetadataUrl: string): Promise<void>;
  /** AuthnRequests seen, newest last, as XML. */
  requests: string[];
  close(): Promise<void>;
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), "utf8");

const REDIRECT = samlify.Constants.namespace.binding.redirect;
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const GROUPS_CLAIM = "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups";

// samlify refuses to parse any message until a schema validator is set. This IdP parses only
// Sprog's own AuthnRequests in tests, and Sprog never uses samlify (node-saml is its service
// provider), so a permissive validator is enough here: it stands in for the XSD check a real IdP
// would make of requests from strangers.
samlify.setSchemaValidator({ validate: async () => "skipped: the test IdP trusts the app under test" });

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function attributeXml(name: string, values: readonly string[]): string {
  const list = values
    .map((value) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue>`)
    .join("");
  return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified">${list}</saml:Attribute>`;
}

/** The attributes a directory sends: Entra ID's claim URIs for name and groups, `mail` for the address. */
function attributeStatement(account: SamlAccount): string {
  const attributes = [attributeXml("mail", [account.email])];
  if (account.name) attributes.push(attributeXml("displayName", [account.name]));
  if (account.groups) attributes.push(attributeXml(GROUPS_CLAIM, account.groups));
  return `<saml:AttributeStatement>${attributes.join("")}</saml:AttributeStatement>`;
}

function formPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`)
    .join("");
  return `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(action)}">${inputs}<noscript><button>Continue</button></noscript></form></body></html>`;
}

/**
 * A real SAML 2.0 identity provider for tests, by samlify: an HTTP server on 127.0.0.1 serving its
 * metadata (`GET /metadata`) and taking Sprog's AuthnRequest by HTTP-Redirect (`GET /sso`). It
 * answers as an IdP does after the password: a page whose form POSTs the signed SAMLResponse and
 * the RelayState to the service provider's ACS. Its keys are tests/fixtures/saml/idp.*; the
 * "attacker" signing uses tests/fixtures/saml/attacker.* under the same entity ID.
 */
export async function startSamlIdp(): Promise<SamlIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;

  const idpOf = (pair: "idp" | "attacker") =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: fixture(`${pair}.key`),
      signingCert: fixture(`${pair}.crt`),
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
      // Never called; samlify warns on every IdP built without one.
      singleLogoutService: [{ Binding: REDIRECT, Location: `${base}/slo` }],
      wantAuthnRequestsSigned: false,
      isAssertionEncrypted: false,
    });
  const idp = idpOf("idp");
  const attacker = idpOf("attacker");
  const metadataXml = idp.getMetadata();

  /** Service providers by entity ID, as their metadata says. */
  const trusted = new Map<string, string>();
  const requests: string[] = [];
  let next: SamlAccount | undefined;
  let signing: SamlSigning = "assertion";

  function serviceProvider(metadata: string, mode: SamlSigning) {
    // The metadata's WantAssertionsSigned decides whether samlify signs the assertion; without it,
    // samlify signs the response alone.
    const xml =
      mode === "response-only"
        ? metadata.replace(/WantAssertionsSigned="true"/, 'WantAssertionsSigned="false"')
        : metadata;
    return samlify.ServiceProvider({ metadata: xml, wantMessageSigned: mode === "assertion-and-response" });
  }

  async function answer(url: URL, res: ServerResponse) {
    const account = next;
    if (!account) return res.writeHead(400).end("test IdP: nobody to sign in (call signInAs first)");
    const query = Object.fromEntries(url.searchParams);
    // Which service provider asks is in the request itself: parse it once to read its Issuer.
    const anyone = samlify.ServiceProvider({ entityID: "urn:test:unknown" });
    const parsed = await idp.parseLoginRequest(anyone, "redirect", {
      query,
      octetString: url.search.slice(1),
    });
    requests.push(parsed.samlContent);
    const issuer = String(parsed.extract.issuer ?? "");
    const metadata = trusted.get(issuer);
    if (!metadata) return res.writeHead(400).end(`test IdP: unknown service provider ${issuer}`);
    const sp = serviceProvider(metadata, signing);
    const acs = String(sp.entityMeta.getAssertionConsumerService("post"));
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60 * 1000).toISOString();
    const requestId = String((parsed.extract.request as Record<string, string> | undefined)?.id ?? "");
    const values = {
      ID: `_${randomUUID()}`,
      AssertionID: `_${randomUUID()}`,
      Destination: acs,
      Audience: sp.entityMeta.getEntityID(),
      SubjectRecipient: acs,
      Issuer: entityId,
      IssueInstant: now.toISOString(),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: EMAIL_FORMAT,
      NameID: account.email,
      InResponseTo: requestId,
    };
    const authn = `<saml:AuthnStatement AuthnInstant="${values.IssueInstant}" SessionIndex="${values.AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const signer = signing === "attacker" ? attacker : idp;
    const response = await signer.createLoginResponse(
      sp,
      { extract: parsed.extract },
      "post",
      { email: account.email },
      {
        relayState: url.searchParams.get("RelayState") ?? undefined,
        customTagReplacement: (template) => ({
          id: values.ID,
          context: samlify.SamlLib.replaceTagsByValue(
            template
              .replace("{AuthnStatement}", authn)
              .replace("{AttributeStatement}", attributeStatement(account)),
            values,
          ),
        }),
      },
    );
    const fields: Record<string, string> = { SAMLResponse: response.context };
    if ("relayState" in response && response.relayState) fields.RelayState = response.relayState;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(formPage(acs, fields));
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname === "/metadata") {
      res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadataXml);
      return;
    }
    if (url.pathname !== "/sso") {
      res.writeHead(404).end();
      return;
    }
    answer(url, res).catch((error: unknown) => {
      res.writeHead(500).end(`test IdP: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  return {
    entityId,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    ssoUrl,
    signInAs(account) {
      next = account;
    },
    signWith(mode) {
      signing = mode;
    },
    async trust(spMetadataUrl) {
      const response = await fetch(spMetadataUrl);
      if (!response.ok) throw new Error(`the SP metadata answered ${response.status}`);
      const metadata = await response.text();
      trusted.set(samlify.ServiceProvider({ metadata }).entityMeta.getEntityID(), metadata);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const certificateOf = (name: string) => fixture(name).replace(/-----[A-Z ]+-----|\s/g, "");

/**
 * The IdP's metadata as directories write it by hand or export it: the metadata namespace under `prefix`
 * (ADFS and Shibboleth write `md:`, some `saml2:`, Entra ID none).
 */
export function idpMetadata(
  idp: Pick<SamlIdp, "entityId" | "ssoUrl">,
  options: { prefix?: string; keys?: string; wrapped?: boolean } = {},
): string {
  const p = options.prefix ? `${options.prefix}:` : "";
  const ns = options.prefix ? `xmlns:${options.prefix}` : "xmlns";
  const keys =
    options.keys ??
    `<${p}KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateOf("attacker.crt")}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></${p}KeyDescriptor>
    <${p}KeyDescriptor><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${certificateOf("idp.crt")}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></${p}KeyDescriptor>`;
  const entity = `<${p}EntityDescriptor ${options.wrapped ? "" : `${ns}="urn:oasis:names:tc:SAML:2.0:metadata" `}xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${idp.entityId}">
  <${p}IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${keys}
    <${p}SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${idp.ssoUrl}/post"/>
    <${p}SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoUrl}"/>
  </${p}IDPSSODescriptor>
</${p}EntityDescriptor>`;
  if (!options.wrapped) return `<?xml version="1.0" encoding="UTF-8"?>\n${entity}`;
  return `<?xml version="1.0"?><${p}EntitiesDescriptor ${ns}="urn:oasis:names:tc:SAML:2.0:metadata">${entity}</${p}EntitiesDescriptor>`;
}
