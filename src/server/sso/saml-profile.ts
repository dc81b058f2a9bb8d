import type { Profile } from "@node-saml/node-saml";

/** What a checked SAML assertion says about the person, before the team's rules are applied. */
export interface SamlPerson {
  /** The address, lower-cased; "" when the assertion has none. */
  email: string;
  name: string;
  groups: string[];
}

/** What the replay check and the recipient check need of the assertion itself. */
export interface AssertionFacts {
  id: string;
  /** The latest NotOnOrAfter it names (its conditions, its subject confirmations), if any. */
  notOnOrAfter: Date | undefined;
  /** Where its bearer confirmations say it may be delivered. */
  recipients: string[];
}

const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "emailaddress",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "urn:oid:0.9.2342.19200300.100.1.3",
];
const DISPLAY_NAME_ATTRIBUTES = [
  "displayName",
  "name",
  "http://schemas.microsoft.com/identity/claims/displayname",
  "urn:oid:2.16.840.1.113730.3.1.241",
];
const GIVEN_NAME_ATTRIBUTES = [
  "givenName",
  "firstName",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
  "urn:oid:2.5.4.42",
];
const SURNAME_ATTRIBUTES = [
  "surname",
  "sn",
  "lastName",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
  "urn:oid:2.5.4.4",
];
/** Where Entra ID and ADFS send group IDs, whatever the team named. */
const GROUPS_CLAIM = "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups";

const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

type XmlJs = Record<string, unknown>;
const isNode = (value: unknown): value is XmlJs => typeof value === "object" && value !== null;
const nodes = (value: unknown): XmlJs[] => (Array.isArray(value) ? value.filter(isNode) : []);
const attributeOf = (node: XmlJs | undefined, name: string): string | undefined => {
  const attributes = node?.$;
  const value = isNode(attributes) ? attributes[name] : undefined;
  return typeof value === "string" ? value : undefined;
};

/** An attribute's values as strings (node-saml gives one value bare, several as a list). */
function valuesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === "string").map((item) => item.trim());
}

function firstValue(attributes: Record<string, unknown>, names: readonly string[]): string {
  for (const name of names) {
    const value = valuesOf(attributes[name]).find((item) => item !== "");
    if (value) return value;
  }
  return "";
}

/**
 * The person an assertion names: the address from the NameID when it is one, else from the usual
 * e-mail attributes; the display name, else given name and surname; the groups from the team's
 * groups attribute and Entra ID's groups claim (each value one group: SAML sends a list, never a
 * joined string).
 */
export function personOf(profile: Profile, groupsAttribute: string): SamlPerson {
  const attributes = isNode(profile.attributes) ? profile.attributes : {};
  const nameId = typeof profile.nameID === "string" ? profile.nameID.trim() : "";
  const email = ADDRESS.test(nameId) ? nameId : firstValue(attributes, EMAIL_ATTRIBUTES);
  const displayName = firstValue(attributes, DISPLAY_NAME_ATTRIBUTES);
  const name =
    displayName ||
    [firstValue(attributes, GIVEN_NAME_ATTRIBUTES), firstValue(attributes, SURNAME_ATTRIBUTES)]
      .filter(Boolean)
      .join(" ");
  const groups = [...new Set([groupsAttribute, GROUPS_CLAIM].flatMap((key) => valuesOf(attributes[key])))];
  return {
    email: ADDRESS.test(email) ? email.toLowerCase() : "",
    name,
    groups: groups.filter(Boolean),
  };
}

/** The assertion's ID, how long it is valid and its recipients, from node-saml's parse of it. */
export function assertionFacts(profile: Profile): AssertionFacts {
  const parsed = profile.getAssertion?.();
  const assertion = isNode(parsed) && isNode(parsed.Assertion) ? parsed.Assertion : undefined;
  const confirmations = nodes(assertion?.Subject)
    .flatMap((subject) => nodes(subject.SubjectConfirmation))
    .flatMap((confirmation) => nodes(confirmation.SubjectConfirmationData));
  const ends = [...nodes(assertion?.Conditions), ...confirmations]
    .map((node) => attributeOf(node, "NotOnOrAfter"))
    .filter((value): value is string => value !== undefined)
    .map((value) => new Date(value))
    .filter((date) => !Number.isNaN(date.getTime()));
  const latest = ends.length > 0 ? new Date(Math.max(...ends.map((date) => date.getTime()))) : undefined;
  return {
    id: attributeOf(assertion, "ID") ?? "",
    notOnOrAfter: latest,
    recipients: confirmations
      .map((node) => attributeOf(node, "Recipient"))
      .filter((value): value is string => value !== undefined),
  };
}
