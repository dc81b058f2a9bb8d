import { fileTemplatesContract } from "../../shared/contract/file-templates.ts";
import { transferContract } from "../../shared/contract/transfer.ts";
import { attachmentDisposition } from "../http/content-disposition.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ExportService } from "./export-service.ts";
import type { ImportService } from "./import-service.ts";
import { mediaTypeOf, type TemplateFileService } from "./template-files.ts";

/** Import (multipart, validated at the edge like any body), export (a zip answer), the kept files. */
export function transferRoutes(services: {
  imports: ImportService;
  exports: ExportService;
  files: TemplateFileService;
}) {
  const routes = contractRoutes(transferContract, {
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
  return routes.route("/", fileTemplateRoutes(services.files));
}

/** Project Settings → Files: the uploaded files kept as templates of exports (issue 33). */
function fileTemplateRoutes(files: TemplateFileService) {
  return contractRoutes(fileTemplatesContract, {
    list: async ({ params }, c) => ({ files: await files.list(c.var.user.id, params.projectId) }),
    original: async ({ params }, c) => {
      const file = await files.original(c.var.user.id, params.projectId, params.id);
      // A download, never a page: `nosniff` keeps the type, the sandbox lets an opened file run nothing.
      return c.body(file.bytes, 200, {
        "content-type": mediaTypeOf(file.format),
        "content-disposition": attachmentDisposition(file.path),
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "private, no-cache",
      });
    },
    remove: ({ params }, c) => files.remove(c.var.user.id, params.projectId, params.id),
  });
}
