import type { Core } from "../modules/feature-module.ts";
import { stringRoutes } from "./routes.ts";
import { createStringService } from "./service.ts";

/** Saving, clearing and restoring strings; the string writer is shared with AI translation. */
export function stringsModule({ db, access, events }: Core) {
  const strings = createStringService({ db, access, events });
  return { name: "strings", routes: stringRoutes(strings), strings };
}
