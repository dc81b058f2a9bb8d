import { memoryContract } from "../../shared/contract/ai.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { MemoryService } from "./memory-service.ts";

export function memoryRoutes(memory: MemoryService) {
  return contractRoutes(memoryContract, {
    suggestions: async ({ params }, c) => ({
      suggestions: await memory.suggestions(c.var.user.id, params.keyId, params.lang),
    }),
  });
}
