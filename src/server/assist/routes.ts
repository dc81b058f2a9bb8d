import { assistContract } from "../../shared/contract/ai.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { AssistService } from "./assist-service.ts";

export function assistRoutes(assist: AssistService) {
  return contractRoutes(assistContract, {
    assist: ({ params, body }, c) => assist.assist(c.var.user.id, params.keyId, params.lang, body),
  });
}
