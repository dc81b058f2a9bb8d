import { profilesContract } from "../../shared/contract/profiles.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ProfileService } from "./service.ts";

/** The signed-in user's profile, as `profilesContract` declares it. */
export function profileRoutes(profiles: ProfileService) {
  return contractRoutes(profilesContract, {
    save: ({ body }, c) => profiles.save(c.var.user, body),
  });
}
