import { aiContract } from "../../shared/contract/ai.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { TranslateService } from "./translate-service.ts";

export function aiRoutes(translate: TranslateService) {
  return contractRoutes(aiContract, {
    status: () => translate.status(),
    translate: ({ params, body }, c) =>
      translate.translate(c.var.user.id, params.keyId, params.lang, body.model),
  });
}
