import type { Core } from "../modules/feature-module.ts";
import { profileRoutes } from "./routes.ts";
import { createProfileService } from "./service.ts";

export function profilesModule(core: Core) {
  const profiles = createProfileService(core.db);
  return { name: "profiles", routes: profileRoutes(profiles), profiles };
}
