import { keysContract } from "../../shared/contract/keys.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { jsonWithLongList } from "../http/json-stream.ts";
import type { KeyService } from "./service.ts";

/** A project's keys, as `keysContract` declares them; the service checks each permission. */
export function keyRoutes(keys: KeyService) {
  return contractRoutes(keysContract, {
    list: async ({ params, query }, c) => {
      const { languages, limit, after, q, ...filters } = query;
      const page = await keys.list(c.var.user.id, params.projectId, {
        languages: languages?.split(",").filter(Boolean),
        ...(limit ? { limit } : {}),
        ...(after !== undefined ? { after } : {}),
        ...(q !== undefined ? { q } : {}),
        filters,
      });
      // A Response of its own: tens of thousands of keys are written slice by slice, so one
      // JSON.stringify of the whole list does not hold the server for everyone else.
      return jsonWithLongList(c, "keys", page.keys, { next: page.next });
    },
    facets: ({ params, query }, c) => keys.facets(c.var.user.id, params.projectId, query),
    create: ({ params, body }, c) => keys.create(c.var.user.id, params.projectId, body),
    update: ({ params, body }, c) => keys.update(c.var.user.id, params.keyId, body),
    remove: ({ params }, c) => keys.remove(c.var.user.id, params.keyId),
  });
}
