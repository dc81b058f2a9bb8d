import type { MemoryService } from "../memory/memory-service.ts";
import type { Core } from "../modules/feature-module.ts";
import { databaseScreenshotStore } from "../screenshots/store.ts";
import { createKeyContextReader } from "./agent-context.ts";
import { translatorProcedures } from "./agent-procedures.ts";
import { createAgentStringService } from "./agent-service.ts";
import { stringRoutes } from "./routes.ts";
import { createStringService } from "./service.ts";

/**
 * Saving, clearing and restoring strings; the string writer is shared with AI translation. Coding
 * agents with a `translate` key write through the same writer (the translator's procedures).
 */
export function stringsModule({ db, access, events, logger }: Core, deps: { memory: MemoryService }) {
  const strings = createStringService({ db, access, events });
  const agents = createAgentStringService({ db, events, logger });
  const context = createKeyContextReader({ db, memory: deps.memory, screenshots: databaseScreenshotStore });
  return {
    name: "strings",
    routes: stringRoutes(strings),
    keyProcedures: translatorProcedures({ agents, context }),
    strings,
  };
}
