import { profilesContract } from "../../shared/contract/profiles.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { EmailChangeService } from "./email-change-service.ts";
import type { ProfileService } from "./service.ts";

/** The signed-in user's profile and e-mail address, as `profilesContract` declares them. */
export function profileRoutes(profiles: ProfileService, emailChanges: EmailChangeService) {
  return contractRoutes(profilesContract, {
    save: ({ body }, c) => profiles.save(c.var.user, body),
    requestEmailChange: ({ body }, c) => emailChanges.request(c.var.user, body.email),
    // Public (app.ts PUBLIC_ROUTES): the token mailed to the new address is the proof.
    confirmEmailChange: ({ body }) => emailChanges.confirm(body.token),
  });
}
