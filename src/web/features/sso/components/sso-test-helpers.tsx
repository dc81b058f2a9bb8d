import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../../../../shared/permissions.ts";
import {
  domainTxtName,
  domainTxtValue,
  type SsoSettings,
  type TeamDomain,
} from "../../../../shared/schemas/sso.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiHandlers, mockApi, refusal } from "../../../test/mock-api.ts";
import { SingleSignOn } from "./single-sign-on.tsx";

export { resetBetweenTests } from "../../../test/between-tests.ts";

/** The Single sign-on section's tests: a team t1, its domains and settings, and the section's parts. */

export const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

export const domain = (id: string, name: string, verified: boolean): TeamDomain => ({
  id,
  domain: name,
  verified,
  verifiedAt: verified ? "2026-11-02T10:00:00.000Z" : null,
  txtName: domainTxtName(name),
  txtValue: domainTxtValue(`token-of-${name}`),
});

export const ACME_COM = domain("00000000-0000-4000-8000-000000000001", "acme.com", true);
export const ACME_DE = domain("00000000-0000-4000-8000-000000000002", "acme.de", false);
export const REDIRECT_URI = "https://sprog.acme.test/sso/oidc/callback";

export const STORED: NonNullable<SsoSettings["settings"]> = {
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
export const SP: SsoSettings["sp"] = {
  entityId: "https://sprog.acme.test/sso/saml/t1",
  acsUrl: "https://sprog.acme.test/sso/saml/t1/acs",
  metadataUrl: "https://sprog.acme.test/sso/saml/t1/metadata",
};

/** Set up, with one verified and one waiting domain. */
export const SET_UP: SsoSettings = {
  settings: STORED,
  redirectUri: REDIRECT_URI,
  sp: SP,
  domains: [ACME_COM, ACME_DE],
};
/** Nothing yet. */
export const EMPTY: SsoSettings = { settings: null, redirectUri: REDIRECT_URI, sp: SP, domains: [] };

/** Team t1's single sign-on as `current()` has it at each request; `handlers` answer the changes. */
export function setup(role: Role, current: () => SsoSettings, handlers: ApiHandlers["sso"] = {}) {
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

export const section = () => within(screen.getByRole("region", { name: "Single sign-on" }));
export const PROVIDER = "Identity provider";
export const provider = () => within(section().getByRole("region", { name: PROVIDER }));
/** Once the settings are in: the provider's part of the section. */
export async function providerLoaded() {
  await screen.findByRole("region", { name: PROVIDER });
  return provider();
}
export const domainRow = (name: string) => within(screen.getByTestId(`domain-${name}`));
export const field = (label: string) => provider().getByLabelText(label) as HTMLInputElement;
