import { describe, expect, it } from "vitest";
import {
  domainSchema,
  emailDomain,
  SSO_SIGN_IN_ERRORS,
  ssoSettingsBodySchema,
  ssoSignInError,
} from "./sso.ts";

describe("domainSchema", () => {
  it("takes a domain as people paste it: a URL, an address, upper case, an international name", () => {
    expect(domainSchema.parse(" Example.COM ")).toBe("example.com");
    expect(domainSchema.parse("https://www.example.com/login?x=1")).toBe("www.example.com");
    expect(domainSchema.parse("ada@example.co.uk")).toBe("example.co.uk");
    expect(domainSchema.parse("bücher.example")).toBe("xn--bcher-kva.example");
  });

  it("refuses what is not a public domain name", () => {
    for (const value of [
      "",
      "localhost",
      "example",
      "a..b.example",
      "-a.example",
      "not a domain",
      "127.0.0.1",
      "a.b_c.example",
    ]) {
      expect(domainSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe("emailDomain", () => {
  it("is the part after the last @, lower-cased", () => {
    expect(emailDomain("Ada@Example.com")).toBe("example.com");
  });
});

describe("ssoSignInError", () => {
  it("shows our sentence for a known code and a plain failure for anything else a link could carry", () => {
    expect(ssoSignInError("other_domain")).toBe(SSO_SIGN_IN_ERRORS.other_domain);
    expect(ssoSignInError("Your account is locked: call +1 555 0100")).toBe(SSO_SIGN_IN_ERRORS.failed);
    expect(ssoSignInError("toString")).toBe(SSO_SIGN_IN_ERRORS.failed);
    expect(ssoSignInError(null)).toBeUndefined();
  });
});

describe("ssoSettingsBodySchema", () => {
  it("fills the defaults and refuses an issuer that is not an http(s) URL", () => {
    const parsed = ssoSettingsBodySchema.parse({
      oidc: { issuer: "https://idp.example", clientId: "sprog" },
    });
    expect(parsed).toMatchObject({
      protocol: "oidc",
      enabled: true,
      enforced: false,
      defaultRole: "reviewer",
      groupsClaim: "groups",
      roleMappings: [],
      oidc: { clientSecret: "" },
    });
    expect(
      ssoSettingsBodySchema.safeParse({ oidc: { issuer: "javascript:alert(1)", clientId: "x" } }).success,
    ).toBe(false);
    expect(
      ssoSettingsBodySchema.safeParse({
        oidc: { issuer: "https://idp.example", clientId: "x" },
        roleMappings: [{ group: "g", role: "owner" }],
      }).success,
    ).toBe(false);
  });
});
