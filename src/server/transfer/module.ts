import type { Core } from "../modules/feature-module.ts";
import { createExportService } from "./export-service.ts";
import { createImportService } from "./import-service.ts";
import { transferRoutes } from "./routes.ts";
import { createTemplateFileService } from "./template-files.ts";

export function transferModule({ db, database, access, events, formats }: Core) {
  const imports = createImportService({ db, bulk: database.bulk, access, events, formats });
  const exports = createExportService({ db: database.bulk, access, formats });
  const files = createTemplateFileService({ db, access, events });
  return { name: "transfer", routes: transferRoutes({ imports, exports, files }) };
}
