import { transferContract } from "../../shared/contract/transfer.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ExportService } from "./export-service.ts";
import type { ImportService } from "./import-service.ts";

/** Import (multipart, validated at the edge like any body) and export (a zip answer). */
export function transferRoutes(services: { imports: ImportService; exports: ExportService }) {
  return contractRoutes(transferContract, {
    import: async ({ params, body }, c) => {
      const { file, ...options } = body;
      const bytes = new Uint8Array(await file.arrayBuffer());
      return services.imports.importFile(
        c.var.user.id,
        params.projectId,
        { name: file.name, bytes },
        options,
      );
    },
    export: async ({ params, body }, c) => {
      const zip = await services.exports.exportZip(c.var.user.id, params.projectId, body);
      return c.body(zip.stream, 200, {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${zip.fileName}"`,
      });
    },
  });
}
