import { z } from "zod";
import {
  addDomainBodySchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  teamDomainSchema,
} from "../schemas/sso.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf, guarded } from "./route.ts";

const sso = endpoint.route({ tags: ["Single sign-on"] });
const inTeam = z.object({ params: pathParams("teamId") });
const inDomain = z.object({ params: pathParams("teamId", "domainId") });

/**
 * A team's single sign-on (issue 38): its verified domains and its identity provider. The owner's
 * alone (`team.manageSettings`); other members get 403, non-members 404.
 */
export const ssoContract = {
  get: sso
    .route({
      method: "GET",
      path: "/teams/{teamId}/sso",
      summary: "The team's single sign-on settings, its domains, and the redirect URI for the provider",
    })
    .errors(guarded)
    .input(inTeam)
    .output(ssoSettingsSchema),
  save: sso
    .route({
      method: "PUT",
      path: "/teams/{teamId}/sso",
      summary: "Set up or change the team's OpenID Connect provider",
      description:
        "The issuer's discovery document is read before saving; a wrong issuer, client or unreachable provider is 400 with the reason. An empty `clientSecret` keeps the stored one (same issuer and client). The secret is stored encrypted and never answered.",
    })
    .errors(changing)
    .input(inTeam.extend({ body: ssoSettingsBodySchema }))
    .output(ssoSettingsSchema),
  remove: sso
    .route({
      method: "DELETE",
      path: "/teams/{teamId}/sso",
      summary: "Turn single sign-on off and forget the provider",
    })
    .errors(changing)
    .input(inTeam)
    .output(ssoSettingsSchema),
  addDomain: sso
    .route({
      method: "POST",
      path: "/teams/{teamId}/domains",
      successStatus: 201,
      successDescription: "Added; verify it with the TXT record answered",
      summary: "Add a domain to verify (answers the DNS TXT record to publish)",
    })
    .errors({ ...changing, conflict: errorsOf[409] })
    .input(inTeam.extend({ body: addDomainBodySchema }))
    .output(teamDomainSchema),
  verifyDomain: sso
    .route({
      method: "POST",
      path: "/teams/{teamId}/domains/{domainId}/verify",
      summary: "Look up the domain's TXT record now; verified once found",
    })
    .errors({ ...changing, conflict: errorsOf[409], upstream_failed: errorsOf[502] })
    .input(inDomain)
    .output(teamDomainSchema),
  removeDomain: sso
    .route({
      method: "DELETE",
      path: "/teams/{teamId}/domains/{domainId}",
      successStatus: 204,
      successDescription: "Removed",
      summary: "Remove a domain: its addresses no longer sign in through the team's provider",
    })
    .errors(changing)
    .input(inDomain),
};
