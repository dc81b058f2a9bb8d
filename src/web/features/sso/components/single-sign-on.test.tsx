import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SSO_ERRORS, type TeamDomain } from "../../../../shared/schemas/sso.ts";
import { inputsOf, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import {
  ACME_COM,
  ACME_DE,
  domain,
  domainRow,
  EMPTY,
  field,
  provider,
  resetBetweenTests,
  SET_UP,
  section,
  setup,
} from "./sso-test-helpers.tsx";

const toast = watchToasts();

resetBetweenTests(toast);

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
});
