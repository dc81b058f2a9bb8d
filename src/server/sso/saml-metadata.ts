import { X509Certificate } from "node:crypto";
import { localName, parseXml, textContent, type XmlElement } from "../../shared/formats/safe-xml.ts";
import { FormatError } from "../../shared/formats/types.ts";
import { SSO_ERRORS } from "../../shared/schemas/sso.ts";
import { AppError } from "../errors.ts";

/** What Sprog needs of a SAML IdP, read from its metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where AuthnRequests go (HTTP-Redirect; else the HTTP-POST location, which most IdPs also take by GET). */
  ssoUrl: string;
  /** Its signing certificates, base64 DER as metadata carries them (several while it rolls keys over). */
  certificates: string[];
}

const SAML2_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

const refused = (message: string) => new AppError("bad_request", message);

// Namespace prefixes are the writer's choice (md:, saml2:, none): elements are matched by local name.
function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter(
    (node): node is XmlElement => node.type === "element" && localName(node.name) === name,
  );
}

function descendantsNamed(element: XmlElement, name: string): XmlElement[] {
  return childrenNamed(element, name).concat(
    element.children.flatMap((node) => (node.type === "element" ? descendantsNamed(node, name) : [])),
  );
}

/** The attribute by its local name (`md:Binding` and `Binding` alike). */
function attribute(element: XmlElement, name: string): string | undefined {
  const found = Object.entries(element.attributes).find(([key]) => localName(key) === name);
  return found?.[1].trim();
}

function parse(xml: string): XmlElement {
  try {
    return parseXml(new TextEncoder().encode(xml), "metadata");
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    throw refused(`${SSO_ERRORS.samlNotMetadata} (${error.message.replace(/^metadata: /, "")})`);
  }
}

/** The entity descriptors of a document: the root, or those an aggregate (EntitiesDescriptor) holds. */
function entities(root: XmlElement): XmlElement[] {
  const name = localName(root.name);
  if (name === "EntityDescriptor") return [root];
  if (name === "EntitiesDescriptor") return descendantsNamed(root, "EntityDescriptor");
  throw refused(`${SSO_ERRORS.samlNotMetadata} (its root element is <${root.name}>, not EntityDescriptor)`);
}

/** An IdP role that speaks SAML 2.0 (ADFS's metadata also lists WS-Federation roles). */
function idpRole(entity: XmlElement): XmlElement | undefined {
  return childrenNamed(entity, "IDPSSODescriptor").find((role) =>
    (attribute(role, "protocolSupportEnumeration") ?? SAML2_PROTOCOL).split(/\s+/).includes(SAML2_PROTOCOL),
  );
}

function ssoUrlOf(role: XmlElement, allowHttp: boolean): string {
  const services = childrenNamed(role, "SingleSignOnService");
  const location = (binding: string) =>
    services.find((service) => attribute(service, "Binding") === binding && attribute(service, "Location"));
  const service = location(REDIRECT_BINDING) ?? location(POST_BINDING);
  const value = service && attribute(service, "Location");
  if (!value) throw refused(SSO_ERRORS.samlNoSsoUrl);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(`The metadata's single sign-on location is not a URL: ${value}`);
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) {
    throw refused(`The metadata's single sign-on location must be an https:// URL: ${value}`);
  }
  return url.href;
}

/** The role's signing certificates: KeyDescriptors for signing, or for any use (no `use`). */
function certificatesOf(role: XmlElement): string[] {
  const signing = childrenNamed(role, "KeyDescriptor").filter((key) => {
    const use = attribute(key, "use");
    return use === undefined || use === "signing";
  });
  const certificates = signing
    .flatMap((key) => descendantsNamed(key, "X509Certificate"))
    .map((element) => textContent(element).replace(/\s+/g, ""))
    .filter((value) => value !== "");
  for (const [index, certificate] of certificates.entries()) {
    try {
      new X509Certificate(Buffer.from(certificate, "base64"));
    } catch {
      throw refused(
        `The metadata's signing certificate ${index + 1} could not be read as an X.509 certificate`,
      );
    }
  }
  return [...new Set(certificates)];
}

/**
 * Reads an IdP's SAML 2.0 metadata: its entity ID, where AuthnRequests go, and the certificates its
 * assertions must be signed with. Refuses, with the reason for the owner, what is not XML (a DOCTYPE
 * declaring entities included: safe-xml.ts never expands them), not metadata, or lacks any of these.
 * An aggregate of several IdPs is refused: Sprog would not know which one the team means.
 */
export function readIdpMetadata(xml: string, options: { allowHttp: boolean }): IdpMetadata {
  const idps = entities(parse(xml)).flatMap((entity) => {
    const role = idpRole(entity);
    return role ? [{ entity, role }] : [];
  });
  const [first, ...others] = idps;
  if (!first) throw refused(SSO_ERRORS.samlNoIdp);
  if (others.length > 0) {
    throw refused(
      `The metadata describes ${idps.length} identity providers; give the metadata of your team's one`,
    );
  }
  const entityId = attribute(first.entity, "entityID");
  if (!entityId) throw refused(SSO_ERRORS.samlNoEntityId);
  if (entityId.length > 1024) throw refused("The identity provider's entityID is too long");
  const ssoUrl = ssoUrlOf(first.role, options.allowHttp);
  const certificates = certificatesOf(first.role);
  if (certificates.length === 0) throw refused(SSO_ERRORS.samlNoCertificate);
  return { entityId, ssoUrl, certificates };
}
