import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SSO_ERRORS, type SsoSettings } from "../../../../shared/schemas/sso.ts";
import { inputsOf, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import {
  EMPTY,
  field,
  provider,
  providerLoaded,
  REDIRECT_URI,
  resetBetweenTests,
  SET_UP,
  SP,
  STORED,
  setup,
} from "./sso-test-helpers.tsx";

const toast = watchToasts();

resetBetweenTests(toast);

describe("Team settings → Single sign-on: the identity provider", () => {
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
