import type { Core } from "../modules/feature-module.ts";
import { glossaryRoutes } from "./routes.ts";
import { createGlossaryService, type GlossaryChanged } from "./service.ts";

/** `onChanged` runs inside every glossary write's transaction (the stored quality checks follow it). */
export function glossaryModule({ db, access }: Core, deps: { onChanged?: GlossaryChanged } = {}) {
  const glossary = createGlossaryService({ db, access, ...deps });
  return { name: "glossary", routes: glossaryRoutes(glossary), glossary };
}
