import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../../shared/permissions.ts";
import {
  domainTxtName,
  domainTxtValue,
  SSO_ERRORS,
  type SsoSettings,
  type TeamDomain,
} from "../../../../shared/schemas/sso.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiHandlers, inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { SingleSignOn } from "./single-sign-on.tsx";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const domain = (id: string, name: string, verified: boolean): TeamDomain => ({
  id,
  domain: name,
  verified,
  verifiedAt: verified ? "2026-11-02T10:00:00.000Z" : null,
  txtName: domainTxtName(name),
  txtValue: domainTxtValue(`token-of-${name}`),
});

const ACME_COM = domain("00000000-0000-4000-8000-000000000001", "acme.com", true);
const ACME_DE = domain("00000000-0000-4000-8000-000000000002", "acme.de", false);
const REDIRECT_URI = "https://sprog.acme.test/sso/oidc/callback";

const STORED: NonNullable<SsoSettings["settings"]> = {
  protocol: "oidc",
  enabled: true,
  enforced: false,
  defaultRole: "reviewer",
  groupsClaim: "groups",
  roleMappings: [{ group: "sprog-admins", role: "admin" }],
  oidc: { issuer: "https://idp.acme.test", clientId: "sprog-web", hasClientSecret: true },
  saml: null,
  updatedAt: "2026-11-02T10:00:00.000Z",
};

/** This team's service provider, as the server answers it whatever the protocol. */
const SP: SsoSettings["sp"] = {
  entityId: "https://sprog.acme.test/sso/saml/t1",
  acsUrl: "https://sprog.acme.test/sso/saml/t1/acs",
  metadataUrl: "https://sprog.acme.test/sso/saml/t1/metadata",
};

/** Set up, with one verified and one waiting domain. */
const SET_UP: SsoSettings = {
  settings: STORED,
  redirectUri: REDIRECT_URI,
  sp: SP,
  domains: [ACME_COM, ACME_DE],
};
/** Nothing yet. */
const EMPTY: SsoSettings = { settings: null, redirectUri: REDIRECT_URI, sp: SP, domains: [] };

/** Team t1's single sign-on as `current()` has it at each request; `handlers` answer the changes. */
function setup(role: Role, current: () => SsoSettings, handlers: ApiHandlers["sso"] = {}) {
  const calls = mockApi({
    sso: {
      get: ({ params }) => {
        if (params.teamId !== "t1") throw refusal(404, "not_found", "not in this test");
        return current();
      },
      ...handlers,
    },
  });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={client}>
      <SingleSignOn team={team(role)} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const section = () => within(screen.getByRole("region", { name: "Single sign-on" }));
const PROVIDER = "Identity provider";
const provider = () => within(section().getByRole("region", { name: PROVIDER }));
/** Once the settings are in: the provider's part of the section. */
async function providerLoaded() {
  await screen.findByRole("region", { name: PROVIDER });
  return provider();
}
const domainRow = (name: string) => within(screen.getByTestId(`domain-${name}`));
const field = (label: string) => provider().getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  // Radix measures the switches; jsdom has no layout.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Team settings → Single sign-on", () => {
  it("is not there for admins and reviewers, who are not asked for it either", () => {
    for (const role of ["admin", "reviewer"] as const) {
      const { calls } = setup(role, () => SET_UP);
      expect(screen.queryByRole("region", { name: "Single sign-on" })).toBeNull();
      expect(screen.queryByRole("heading", { name: "Single sign-on" })).toBeNull();
      expect(calls).toEqual([]);
      cleanup();
    }
  });

  it("explains itself and says nothing applies until a domain is verified", async () => {
    setup("owner", () => EMPTY);
    expect(await section().findByRole("heading", { name: "Domains" })).toBeTruthy();
    expect(
      section().getByText(/sign in with your company's identity provider instead of an e-mail code/),
    ).toBeTruthy();
    expect(section().getByText(/Okta, Microsoft Entra ID, Google Workspace, Keycloak/)).toBeTruthy();
    expect(section().getByRole("note").textContent).toContain(
      "Single sign-on applies only to verified domains",
    );
    expect(section().getByText(/No domains yet/)).toBeTruthy();
    // Not set up: nothing to turn off, and no stored secret to keep.
    expect(provider().queryByRole("button", { name: "Turn off and remove" })).toBeNull();
    expect(field("Client secret").placeholder).toBe("");
    expect(field("Groups claim").value).toBe("groups");
  });

  it("lists the domains with their badges, and the TXT record to add for the unverified one", async () => {
    const { user } = setup("owner", () => SET_UP);
    const verified = await screen.findByTestId("domain-acme.com");
    expect(within(verified).getByText("Verified")).toBeTruthy();
    expect(within(verified).queryByRole("button", { name: /Verify/ })).toBeNull();
    expect(within(verified).queryByText(ACME_COM.txtValue)).toBeNull();

    const waiting = domainRow("acme.de");
    expect(waiting.getByText("Not verified")).toBeTruthy();
    expect(waiting.getByText("_sprog-verification.acme.de")).toBeTruthy();
    expect(waiting.getByText("sprog-verification=token-of-acme.de")).toBeTruthy();
    expect(waiting.getByRole("button", { name: "Verify acme.de" })).toBeTruthy();
    await user.click(waiting.getByRole("button", { name: "Copy TXT record value for acme.de" }));
    expect(await navigator.clipboard.readText()).toBe("sprog-verification=token-of-acme.de");
    await user.click(waiting.getByRole("button", { name: "Copy TXT record name for acme.de" }));
    expect(await navigator.clipboard.readText()).toBe("_sprog-verification.acme.de");

    // A verified domain: single sign-on applies, no note.
    expect(section().queryByRole("note")).toBeNull();
  });

  it("shows the server's reason when the TXT record is not found, and the badge once it is", async () => {
    let domains = [ACME_COM, ACME_DE];
    let attempts = 0;
    const { calls, user } = setup("owner", () => ({ ...SET_UP, domains }), {
      verifyDomain: ({ params }) => {
        attempts += 1;
        if (attempts === 1) throw refusal(400, "bad_request", SSO_ERRORS.txtMissing);
        // A DNS failure is a 502: its words are still the server's, meant for the owner.
        if (attempts === 2) throw refusal(502, "upstream_failed", SSO_ERRORS.txtMissing);
        const done = { ...ACME_DE, verified: true, verifiedAt: "2026-11-03T10:00:00.000Z" };
        domains = [ACME_COM, done];
        expect(params).toEqual({ teamId: "t1", domainId: ACME_DE.id });
        return done;
      },
    });
    const verify = await screen.findByRole("button", { name: "Verify acme.de" });
    await user.click(verify);
    expect((await domainRow("acme.de").findByRole("alert")).textContent).toBe(SSO_ERRORS.txtMissing);
    await user.click(verify);
    await waitFor(() => expect(attempts).toBe(2));
    expect((await domainRow("acme.de").findByRole("alert")).textContent).toBe(SSO_ERRORS.txtMissing);

    await user.click(verify);
    expect(await domainRow("acme.de").findByText("Verified")).toBeTruthy();
    expect(domainRow("acme.de").queryByRole("alert")).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("acme.de is verified");
    expect(inputsOf(calls, "sso.get")).toHaveLength(2);
  });

  it("adds a domain as the schema has it, and shows the server's 409 under the field", async () => {
    let domains: TeamDomain[] = [];
    const added = domain("00000000-0000-4000-8000-000000000003", "acme.io", false);
    const { calls, user } = setup("owner", () => ({ ...EMPTY, domains }), {
      addDomain: ({ body }) => {
        if (body.domain === "taken.com") throw refusal(409, "conflict", SSO_ERRORS.domainTaken);
        domains = [added];
        return added;
      },
    });
    const input = await section().findByLabelText("Add a domain");
    expect((input as HTMLInputElement).placeholder).toBe("example.com");
    const add = section().getByRole("button", { name: "Add domain" });

    await user.type(input, "not a domain");
    await user.click(add);
    expect((await section().findByRole("alert")).textContent).toBe(SSO_ERRORS.domainInvalid);
    expect(inputsOf(calls, "sso.addDomain")).toEqual([]);

    await user.clear(input);
    await user.type(input, "taken.com");
    await user.click(add);
    await waitFor(() => expect(section().getByRole("alert").textContent).toBe(SSO_ERRORS.domainTaken));
    expect(input.getAttribute("aria-invalid")).toBe("true");

    await user.clear(input);
    await user.type(input, "  https://Acme.IO/login ");
    await user.click(add);
    expect(await screen.findByTestId("domain-acme.io")).toBeTruthy();
    expect(inputsOf(calls, "sso.addDomain").at(-1)).toEqual({
      params: { teamId: "t1" },
      body: { domain: "acme.io" },
    });
    expect((input as HTMLInputElement).value).toBe("");
    expect(domainRow("acme.io").getByText("_sprog-verification.acme.io")).toBeTruthy();
  });

  it("removes a domain only after confirming", async () => {
    let domains = [ACME_COM, ACME_DE];
    const { calls, user } = setup("owner", () => ({ ...SET_UP, domains }), {
      removeDomain: ({ params }) => {
        domains = domains.filter((d) => d.id !== params.domainId);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Remove acme.com" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove acme.com?" });
    expect(confirm.textContent).toContain("no longer sign in through your identity provider");
    expect(inputsOf(calls, "sso.removeDomain")).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByTestId("domain-acme.com")).toBeNull());
    expect(inputsOf(calls, "sso.removeDomain")).toEqual([
      { params: { teamId: "t1", domainId: ACME_COM.id } },
    ]);
    expect(toast.success).toHaveBeenCalledWith("acme.com removed");
    // The last verified domain gone: the note is back.
    expect(section().getByRole("note")).toBeTruthy();
  });

  it("shows the stored provider, and saves it as edited with an empty secret keeping the stored one", async () => {
    const { calls, user } = setup("owner", () => SET_UP, {
      save: ({ body }) => ({ ...SET_UP, settings: { ...STORED, groupsClaim: body.groupsClaim ?? "groups" } }),
    });
    expect(((await providerLoaded()).getByLabelText("Issuer URL") as HTMLInputElement).value).toBe(
      "https://idp.acme.test",
    );
    expect(field("Client ID").value).toBe("sprog-web");
    const secret = field("Client secret");
    expect(secret.type).toBe("password");
    expect(secret.value).toBe("");
    expect(secret.placeholder).toBe("Leave empty to keep the stored secret");
    expect(
      within(provider().getByRole("group", { name: "Redirect URI" })).getByText(REDIRECT_URI),
    ).toBeTruthy();
    await user.click(provider().getByRole("button", { name: "Copy Redirect URI" }));
    expect(await navigator.clipboard.readText()).toBe(REDIRECT_URI);
    expect((provider().getByLabelText("Default role for new members") as HTMLSelectElement).value).toBe(
      "reviewer",
    );

    await user.selectOptions(provider().getByLabelText("Default role for new members"), "admin");
    await user.clear(field("Groups claim"));
    await user.type(field("Groups claim"), " roles ");
    await user.click(provider().getByRole("button", { name: "Save" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Single sign-on saved"));
    expect(inputsOf(calls, "sso.save")).toEqual([
      {
        params: { teamId: "t1" },
        body: {
          protocol: "oidc",
          enabled: true,
          enforced: false,
          defaultRole: "admin",
          groupsClaim: "roles",
          roleMappings: [{ group: "sprog-admins", role: "admin" }],
          oidc: { issuer: "https://idp.acme.test", clientId: "sprog-web", clientSecret: "" },
        },
      },
    ]);
  });

  it("asks a new provider for its secret, and shows the server's discovery error in an alert", async () => {
    const discovery =
      "Could not read the provider's discovery document (https://idp.acme.test/.well-known/openid-configuration): 404 Not Found";
    const { calls, user } = setup("owner", () => EMPTY, {
      save: () => {
        throw refusal(400, "bad_request", discovery);
      },
    });
    await user.click((await providerLoaded()).getByRole("button", { name: "Save" }));
    expect((await provider().findByText(SSO_ERRORS.issuerInvalid)).getAttribute("role")).toBe("alert");
    expect(provider().getByText(SSO_ERRORS.clientIdRequired)).toBeTruthy();

    await user.type(field("Issuer URL"), "https://idp.acme.test");
    await user.type(field("Client ID"), "sprog-web");
    await user.click(provider().getByRole("button", { name: "Save" }));
    expect(await provider().findByText(SSO_ERRORS.clientSecretRequired)).toBeTruthy();
    expect(inputsOf(calls, "sso.save")).toEqual([]);

    await user.type(field("Client secret"), "s3cret");
    await user.click(provider().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(provider().getByRole("alert").textContent).toBe(discovery));
    const sent = inputsOf(calls, "sso.save")[0]?.body;
    expect(sent?.protocol === "oidc" ? sent.oidc : undefined).toEqual({
      issuer: "https://idp.acme.test",
      clientId: "sprog-web",
      clientSecret: "s3cret",
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("adds and removes role mapping rows, and checks each has a group", async () => {
    const { calls, user } = setup("owner", () => SET_UP, { save: () => SET_UP });
    const mappings = within((await providerLoaded()).getByRole("group", { name: "Role mappings" }));
    expect((mappings.getByLabelText("Group 1") as HTMLInputElement).value).toBe("sprog-admins");
    expect((mappings.getByLabelText("Role for group 1") as HTMLSelectElement).value).toBe("admin");

    await user.click(mappings.getByRole("button", { name: "Add mapping" }));
    const second = mappings.getByLabelText("Group 2");
    expect(document.activeElement).toBe(second);
    await user.click(provider().getByRole("button", { name: "Save" }));
    expect((await mappings.findByRole("alert")).textContent).toBe(SSO_ERRORS.groupRequired);
    expect(inputsOf(calls, "sso.save")).toEqual([]);

    await user.type(second, "translators");
    await user.click(mappings.getByRole("button", { name: "Add mapping" }));
    await user.type(mappings.getByLabelText("Group 3"), "oops");
    await user.selectOptions(mappings.getByLabelText("Role for group 2"), "reviewer");
    await user.click(mappings.getByRole("button", { name: "Remove mapping 1" }));
    expect(document.activeElement).toBe(mappings.getByRole("button", { name: "Add mapping" }));
    await user.click(mappings.getByRole("button", { name: "Remove mapping 2" }));
    expect(mappings.queryByLabelText("Group 2")).toBeNull();

    await user.click(provider().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(inputsOf(calls, "sso.save")).toHaveLength(1));
    expect(inputsOf(calls, "sso.save")[0]?.body.roleMappings).toEqual([
      { group: "translators", role: "reviewer" },
    ]);
  });

  it("enforces single sign-on with the break-glass hint, and not while it is off", async () => {
    const { calls, user } = setup("owner", () => SET_UP, { save: () => SET_UP });
    const enforce = (await providerLoaded()).getByRole("switch", { name: "Enforce single sign-on" });
    const on = provider().getByRole("switch", { name: "Single sign-on on" });
    expect(on.getAttribute("aria-checked")).toBe("true");
    expect(enforce.getAttribute("aria-checked")).toBe("false");
    const hint = document.getElementById(enforce.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(hint).toContain("can no longer sign in with an e-mail code");
    expect(hint).toContain("break-glass");
    expect(hint).toContain("activity feed records");

    await user.click(enforce);
    expect(enforce.getAttribute("aria-checked")).toBe("true");
    await user.click(provider().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(inputsOf(calls, "sso.save")).toHaveLength(1));
    expect(inputsOf(calls, "sso.save")[0]?.body).toMatchObject({ enabled: true, enforced: true });

    await user.click(on);
    expect(on.getAttribute("aria-checked")).toBe("false");
    expect((enforce as HTMLButtonElement).disabled).toBe(true);
  });

  it("turns single sign-on off and removes it after confirming", async () => {
    let current = SET_UP;
    const { calls, user } = setup("owner", () => current, {
      remove: () => {
        current = { ...SET_UP, settings: null };
        return current;
      },
    });
    await user.click((await providerLoaded()).getByRole("button", { name: "Turn off and remove" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Turn off single sign-on?" });
    expect(inputsOf(calls, "sso.remove")).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Turn off and remove" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(inputsOf(calls, "sso.remove")).toEqual([{ params: { teamId: "t1" } }]);
    expect(toast.success).toHaveBeenCalledWith("Single sign-on turned off and removed");
    // The answer replaced the cache: no second request, the form is a new provider's again.
    expect(inputsOf(calls, "sso.get")).toHaveLength(1);
    expect(provider().queryByRole("button", { name: "Turn off and remove" })).toBeNull();
    expect(field("Issuer URL").value).toBe("");
    expect(field("Client secret").placeholder).toBe("");
  });

  it("sets up a SAML IdP by its metadata URL, showing Sprog's own values to paste into it", async () => {
    const { calls, user } = setup("owner", () => EMPTY, { save: () => EMPTY });
    await user.click((await providerLoaded()).getByRole("radio", { name: "SAML 2.0" }));
    for (const [label, value] of [
      ["Entity ID (Audience)", SP.entityId],
      ["ACS URL (Reply URL)", SP.acsUrl],
      ["Sprog's SAML metadata", SP.metadataUrl],
    ] as const) {
      expect(within(provider().getByRole("group", { name: label })).getByText(value)).toBeTruthy();
    }
    expect(provider().queryByLabelText("Issuer URL")).toBeNull();
    expect(provider().getByLabelText("Groups attribute")).toBeTruthy();

    await user.click(provider().getByRole("button", { name: "Save" }));
    expect(await provider().findByText(SSO_ERRORS.samlMetadataRequired)).toBeTruthy();
    expect(inputsOf(calls, "sso.save")).toEqual([]);

    await user.type(field("IdP metadata URL"), "https://idp.acme.test/metadata");
    await user.click(provider().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(inputsOf(calls, "sso.save")).toHaveLength(1));
    expect(inputsOf(calls, "sso.save")[0]?.body).toEqual({
      protocol: "saml",
      enabled: true,
      enforced: false,
      defaultRole: "reviewer",
      groupsClaim: "groups",
      roleMappings: [],
      saml: { metadataUrl: "https://idp.acme.test/metadata" },
    });
  });

  it("shows what Sprog read from a stored SAML IdP, keeps its metadata when left empty, and takes pasted XML", async () => {
    const samlStored: SsoSettings = {
      ...SET_UP,
      settings: {
        ...STORED,
        protocol: "saml",
        oidc: null,
        saml: {
          idpEntityId: "https://idp.acme.test/entity",
          ssoUrl: "https://idp.acme.test/sso",
          certificateCount: 2,
          metadataUrl: null,
        },
      },
    };
    const { calls, user } = setup("owner", () => samlStored, { save: () => samlStored });
    const read = within((await providerLoaded()).getByLabelText("What Sprog read from the IdP's metadata"));
    expect(read.getByText("https://idp.acme.test/entity")).toBeTruthy();
    expect(read.getByText("2")).toBeTruthy();
    // Pasted, not fetched: the XML source is chosen, and empty keeps what is stored.
    expect(provider().getByRole("radio", { name: "Metadata XML" }).getAttribute("aria-checked")).toBe("true");
    expect(field("IdP metadata XML").value).toBe("");

    await user.click(provider().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(inputsOf(calls, "sso.save")).toHaveLength(1));
    const kept = inputsOf(calls, "sso.save")[0]?.body;
    expect(kept?.protocol === "saml" ? kept.saml : undefined).toEqual({});

    await user.click(field("IdP metadata XML"));
    await user.paste("<EntityDescriptor/>");
    await user.click(provider().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(inputsOf(calls, "sso.save")).toHaveLength(2));
    const pasted = inputsOf(calls, "sso.save")[1]?.body;
    expect(pasted?.protocol === "saml" ? pasted.saml : undefined).toEqual({
      metadataXml: "<EntityDescriptor/>",
    });
  });
});
