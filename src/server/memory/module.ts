import type { Core } from "../modules/feature-module.ts";
import { createMemoryService } from "./memory-service.ts";
import { memoryRoutes } from "./routes.ts";

export function memoryModule({ db, access, logger }: Core) {
  const memory = createMemoryService({ db, access, logger });
  return { name: "memory", routes: memoryRoutes(memory), memory };
}
