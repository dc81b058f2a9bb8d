import type { MemoryService } from "../memory/memory-service.ts";
import type { Core } from "../modules/feature-module.ts";
import type { StringService } from "../strings/service.ts";
import { aiRoutes } from "./routes.ts";
import { createTranslateService } from "./translate-service.ts";

/** One string translated by AI with the team's context, and saved like any edit. */
export function aiModule(core: Core, deps: { strings: StringService; memory: MemoryService }) {
  const translate = createTranslateService({
    db: core.db,
    access: core.access,
    strings: deps.strings,
    provider: core.provider,
    logger: core.logger,
    examples: (request) => deps.memory.examplesFor(request),
    aiQuota: core.aiQuota,
    sendScreenshots: core.config.AI_SEND_SCREENSHOTS === "1",
  });
  return { name: "ai", routes: aiRoutes(translate) };
}
