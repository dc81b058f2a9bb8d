import type { Profile } from "@node-saml/node-saml";
import { describe, expect, it } from "vitest";
import { assertionFacts, personOf } from "./saml-profile.ts";

const profile = (nameID: string, attributes: Record<string, unknown>, assertion?: unknown): Profile => ({
  issuer: "https://idp.example/",
  nameID,
  nameIDFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  attributes,
  getAssertion: () => ({ Assertion: assertion }),
});

describe("personOf", () => {
  it("takes the address from the NameID when it is one, lower-cased", () => {
    expect(personOf(profile("Ada@Corp.Example", { mail: "other@corp.example" }), "groups").email).toBe(
      "ada@corp.example",
    );
  });

  it("else from the e-mail attributes (Entra ID's claim URI), with given name and surname", () => {
    const person = personOf(
      profile("00u1opaque", {
        "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": "grace@corp.example",
        "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname": "Grace",
        "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname": "Hopper",
      }),
      "groups",
    );
    expect(person).toEqual({ email: "grace@corp.example", name: "Grace Hopper", groups: [] });
  });

  it("prefers the display name, and has no address when none is one", () => {
    const person = personOf(
      profile("opaque", { displayName: "Ada L.", givenName: "Ada", mail: "nope" }),
      "g",
    );
    expect(person).toMatchObject({ email: "", name: "Ada L." });
  });

  it("reads the team's groups attribute and Entra ID's groups claim, each value one group", () => {
    const person = personOf(
      profile("ada@corp.example", {
        memberOf: ["Sprog Admins", "staff"],
        "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups": "7c1e-group-id",
      }),
      "memberOf",
    );
    expect(person.groups).toEqual(["Sprog Admins", "staff", "7c1e-group-id"]);
  });
});

describe("assertionFacts", () => {
  it("answers the assertion's ID, its latest NotOnOrAfter and its recipients", () => {
    const facts = assertionFacts(
      profile(
        "ada@corp.example",
        {},
        {
          $: { ID: "_a1" },
          Conditions: [{ $: { NotBefore: "2030-01-01T00:00:00Z", NotOnOrAfter: "2030-01-01T00:05:00Z" } }],
          Subject: [
            {
              SubjectConfirmation: [
                {
                  SubjectConfirmationData: [
                    { $: { NotOnOrAfter: "2030-01-01T00:10:00Z", Recipient: "https://sprog.example/acs" } },
                  ],
                },
              ],
            },
          ],
        },
      ),
    );
    expect(facts).toEqual({
      id: "_a1",
      notOnOrAfter: new Date("2030-01-01T00:10:00Z"),
      recipients: ["https://sprog.example/acs"],
    });
  });

  it("answers an empty ID when node-saml's parse has none", () => {
    expect(assertionFacts(profile("x", {})).id).toBe("");
  });
});
