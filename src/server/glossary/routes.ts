import { glossaryContract } from "../../shared/contract/glossary.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { GlossaryService } from "./service.ts";

/** A team's glossary, as `glossaryContract` declares it; the service checks each permission. */
export function glossaryRoutes(glossary: GlossaryService) {
  return contractRoutes(glossaryContract, {
    list: ({ params, query }, c) => glossary.list(c.var.user.id, params.teamId, query),
    create: ({ params, body }, c) => glossary.create(c.var.user.id, params.teamId, body),
    update: ({ params, body }, c) => glossary.update(c.var.user.id, params.teamId, params.id, body),
    remove: ({ params }, c) => glossary.remove(c.var.user.id, params.teamId, params.id),
    importCsv: async ({ params, body }, c) =>
      glossary.importCsv(c.var.user.id, params.teamId, new Uint8Array(await body.file.arrayBuffer())),
    exportCsv: async ({ params }, c) => {
      const bytes = await glossary.exportCsv(c.var.user.id, params.teamId);
      return c.body(bytes, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="glossary.csv"',
      });
    },
    projectEntries: async ({ params }, c) => ({
      entries: await glossary.projectEntries(c.var.user.id, params.projectId),
    }),
  });
}
