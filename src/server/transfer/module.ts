import type { Core } from "../modules/feature-module.ts";
import { createExportService } from "./export-service.ts";
import { createImportService } from "./import-service.ts";
import { transferRoutes } from "./routes.ts";

export function transferModule({ db, access, events, formats }: Core) {
  const imports = createImportService({ db, access, events, formats });
  const exports = createExportService({ db, access, formats });
  return { name: "transfer", routes: transferRoutes({ imports, exports }) };
}
