import type { Core } from "../modules/feature-module.ts";
import { createEmailChangeService } from "./email-change-service.ts";
import { profileRoutes } from "./routes.ts";
import { createProfileService } from "./service.ts";

export function profilesModule(core: Core) {
  const profiles = createProfileService(core.db);
  const emailChanges = createEmailChangeService({
    db: core.db,
    mailer: core.mailer,
    limiter: core.limiter,
    logger: core.logger,
    publicUrl: core.config.publicUrl,
  });
  return { name: "profiles", routes: profileRoutes(profiles, emailChanges), profiles };
}
